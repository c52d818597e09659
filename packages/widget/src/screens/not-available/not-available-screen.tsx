import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';

// With this screen's chunk, not app.js: a built state never shows it.
registerLazyStrings(getI18n(), 'notAvailable', {
  heading: '{{title}}: this screen is not available yet',
  body: 'The “{{title}}” screen ({{state}}) is not available yet.',
});

/** Placeholder for every state whose screen is not built yet; names the state. */
export default function NotAvailableScreen({ state }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(`states.${state}`, { defaultValue: state });
  return (
    <div className="p-center">
      <div className="p-icon-circle" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M3 9h18M8 14h8" />
        </svg>
      </div>
      <ScreenHeading>{t('notAvailable.heading', { title })}</ScreenHeading>
      <p className="p-muted">
        {t('notAvailable.body', { title, state })}
      </p>
      <p className="p-small p-muted" style={{ marginTop: 12 }}>
        <span className="p-code">{state}</span>
      </p>
    </div>
  );
}
