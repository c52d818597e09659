import { useTranslation } from '../i18n/use-translation.ts';

export interface Notice {
  id: number;
  message: string;
}

/** Success notices (role=status, polite). The region always exists so screen readers hear additions. */
export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss(id: number): void }) {
  const { t } = useTranslation();
  return (
    <div className="p-notices" role="status" aria-live="polite" aria-label={t('notices.region')}>
      {notices.map((n) => (
        <div key={n.id} className="p-notice">
          <span>{n.message}</span>
          <button type="button" aria-label={t('notices.dismiss')} onClick={() => onDismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
