import './setup.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { leadSheetRef } from './lead-form-sheet.ts';

const CHECK = <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>;

/**
 * thankYou (spec 2 section 2: a lead form "ends in a thankYou state"): the form's own message or a default;
 * Close in popup mode, 'Send another response' (back to the form) in embed mode.
 */
export default function ThankYouScreen({ params }: ScreenProps<'thankYou'>) {
  const { t } = useTranslation();
  const { mode, actions } = useWidget();
  return (
    <div ref={leadSheetRef} className="p-confirm p-lead-thanks">
      <div className="p-icon-circle">{CHECK}</div>
      <ScreenHeading>{t('states.thankYou')}</ScreenHeading>
      <p className="p-lead">{params.message ?? t('leadForms.thankYouText')}</p>
      {mode === 'popup'
        ? <button type="button" className="p-btn p-btn-primary" onClick={() => actions.close()}>{t('leadForms.close')}</button>
        : params.formUid && <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('leadForm', { formUid: params.formUid })}>{t('leadForms.again')}</button>}
    </div>
  );
}
