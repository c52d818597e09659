import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** What a profile-area screen shows to someone who is not signed in (no token, or the server said 401). */
export function SignedOut({ heading }: { heading: string }) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div className="p-center">
      <ScreenHeading>{heading}</ScreenHeading>
      <p className="p-muted" style={{ marginBottom: 20 }}>{t('profileView.signedOut')}</p>
      <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('login')}>{t('profileView.logIn')}</button>
    </div>
  );
}
