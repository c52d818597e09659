import { useTranslation } from '../i18n/use-translation.ts';

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <div className="p-spinner" aria-hidden="true" />
      <span className="p-sr-only">{t('common.loading')}</span>
    </div>
  );
}
