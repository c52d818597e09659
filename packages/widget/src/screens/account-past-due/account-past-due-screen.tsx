import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signOut } from '../../signin/sign-out.ts';
import '../../signin/setup.ts';

/** accountPastDue (spec 2 section 2): the account is past due or needs upgrading; its primary contact must log in. */
export default function AccountPastDueScreen() {
  const { t } = useTranslation();
  const { runtime, actions } = useWidget();
  const back = async () => {
    await signOut(runtime);
    actions.goTo('login');
  };
  return (
    <div className="p-stack">
      <ScreenHeading>{t('states.accountPastDue')}</ScreenHeading>
      <p className="p-lead">{t('signin.pastDue.text')}</p>
      <p>{t('signin.pastDue.primaryMust')}</p>
      <button type="button" className="p-btn p-btn-primary" onClick={() => void back()}>{t('signin.pastDue.back')}</button>
    </div>
  );
}
