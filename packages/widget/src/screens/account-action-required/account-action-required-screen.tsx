import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signOut } from '../../signin/sign-out.ts';
import '../../signin/setup.ts';

/**
 * accountActionRequired (spec 2 section 2): names the primary contact as the one who must fix
 * the account. The variant for the payment provider's billing says the account is past due and
 * that its billing portal fixes it (the portal button waits for the portal-session route).
 */
export default function AccountActionRequiredScreen({ params }: ScreenProps<'accountActionRequired'>) {
  const { t } = useTranslation();
  const { runtime, actions } = useWidget();
  const back = async () => {
    await signOut(runtime);
    actions.goTo('login');
  };
  return (
    <div className="p-stack">
      <ScreenHeading>{t('states.accountActionRequired')}</ScreenHeading>
      {params.portal ? (
        <p className="p-lead">{t('signin.actionRequired.portalText')}</p>
      ) : (
        <>
          <p className="p-lead">{t('signin.actionRequired.text')}</p>
          <p>{params.primaryContact ? t('signin.actionRequired.named', { name: params.primaryContact }) : t('signin.actionRequired.unnamed')}</p>
        </>
      )}
      <button type="button" className="p-btn p-btn-primary" onClick={() => void back()}>{t('signin.actionRequired.back')}</button>
    </div>
  );
}
