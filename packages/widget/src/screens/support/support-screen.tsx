import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SupportForm } from '../../support/support-form.tsx';

/** support (spec 2 section 2 "Support request form"): a visitor asks for help; no sign-in needed. */
export default function SupportScreen() {
  const { t } = useTranslation();
  return (
    <div>
      <ScreenHeading>{t('states.support')}</ScreenHeading>
      <p className="p-lead">{t('support.lead')}</p>
      <SupportForm />
    </div>
  );
}
