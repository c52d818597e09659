import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { passwordsSheetRef } from '../../passwords/setup.ts';

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;

/**
 * A sign-up link followed again after it was used (409 Errors.EmailAlreadyConfirmed, on resetPassword
 * or registerConfirmation): the address is confirmed and the person has a way in, so the way on is
 * Log in, not 'forgot password'.
 */
export function AlreadyConfirmed() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={passwordsSheetRef} className="p-confirm">
      <div className="p-icon-circle">{CHECK}</div>
      <ScreenHeading>{t('passwords.linkUsed.title')}</ScreenHeading>
      <p className="p-lead">{t('passwords.linkUsed.text')}</p>
      <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('login')}>{t('passwords.linkUsed.login')}</button>
    </div>
  );
}
