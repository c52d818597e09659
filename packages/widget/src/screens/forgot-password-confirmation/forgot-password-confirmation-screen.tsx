import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { passwordsSheetRef } from '../../passwords/setup.ts';

const MAIL = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></svg>;

/** forgotPasswordConfirmation: the mail is on its way if the address has an account (the answer never says whether it has). */
export default function ForgotPasswordConfirmationScreen({ params }: ScreenProps<'forgotPasswordConfirmation'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={passwordsSheetRef} className="p-confirm">
      <div className="p-icon-circle">{MAIL}</div>
      <ScreenHeading>{t('states.forgotPasswordConfirmation')}</ScreenHeading>
      <p className="p-lead">{params.email ? t('passwords.sent.text', { email: params.email }) : t('passwords.sent.textNoEmail')}</p>
      <p className="p-help">{t('passwords.sent.spam')}</p>
      <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('login')}>{t('passwords.sent.back')}</button>
    </div>
  );
}
