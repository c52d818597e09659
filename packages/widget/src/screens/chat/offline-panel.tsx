import '../../support/setup.ts';
import { useState } from 'react';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SupportForm } from '../../support/support-form.tsx';
import { supportSheetRef } from '../../support/setup.ts';

/**
 * The offline panel (issue 18; spec 2 section 2): 'Hi there / We're busy right now…' and 'Submit help
 * request', which reveals the help form in place. A chunk of its own: the live panel never downloads the form.
 */
export default function OfflinePanel() {
  const { t } = useTranslation();
  const [formShown, setFormShown] = useState(false);
  return (
    <div ref={supportSheetRef} className="p-offline-panel">
      <ScreenHeading>{t('support.offlineHeading')}</ScreenHeading>
      <p className="p-lead">{t('support.offlineText')}</p>
      {formShown ? <SupportForm /> : (
        <button type="button" className="p-btn p-btn-primary" onClick={() => setFormShown(true)}>{t('support.submitHelpRequest')}</button>
      )}
    </div>
  );
}
