import './setup.ts';
import { EMAIL_CHANGE_TTL_HOURS } from '@portico/core/profile/email-change';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { emailChangeSheetRef } from './setup.ts';

const MAIL_ICON = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></svg>;

/** emailChangeSent (issue 12; an added state): 'Check your inbox: we sent a link to <new>', then back to profile. */
export default function EmailChangeSentScreen({ params }: ScreenProps<'emailChangeSent'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={emailChangeSheetRef} className="p-email-done">
      <div className="p-icon-circle">{MAIL_ICON}</div>
      <ScreenHeading>{t('states.emailChangeSent')}</ScreenHeading>
      {params.email && <p className="p-lead">{t('emailChange.sentText', { email: params.email, hours: EMAIL_CHANGE_TTL_HOURS })}</p>}
      <p className="p-muted">{t('emailChange.sentUntil')}</p>
      <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('profile')}>{t('emailChange.backToProfile')}</button>
    </div>
  );
}
