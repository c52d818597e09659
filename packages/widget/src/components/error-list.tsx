import { useEffect, useRef } from 'react';
import { useErrorText } from '../i18n/use-error-text.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ERROR_SCROLL_RETRY_MS, dedupeErrors, errorListLayout, retryOf } from './error-list-logic.ts';
import type { DisplayError } from './error-list-logic.ts';

/**
 * The shared error list shown above a form (role=alert). One error is shown
 * plainly; several get the 'Please correct the following errors:' heading.
 * It scrolls into view when errors appear, retrying once at 250 ms
 * (the list may render before its screen has laid out). An error that carries
 * a retry (no answer, or none in time) adds a 'Try again' button that repeats
 * the failed call; one that carries an action ('Log in instead') adds its button.
 */
export function ErrorList({ errors }: { errors: DisplayError[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const list = dedupeErrors(errors);
  const layout = errorListLayout(list.length);
  const signature = list.map((e) => (e.field ?? '') + e.code + (e.message ?? '')).join('|');
  // The catalogue's strings arrive with the first error; until then each error shows its own message.
  const errorText = useErrorText(list.length > 0);

  useEffect(() => {
    if (!signature) return;
    const scroll = () => ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    scroll();
    const timer = setTimeout(scroll, ERROR_SCROLL_RETRY_MS);
    return () => clearTimeout(timer);
  }, [signature]);

  const text = (e: DisplayError) => {
    const message = errorText(e);
    return e.field ? `${e.field}: ${message}` : message;
  };

  const retry = retryOf(list);
  const actionOf = (e: DisplayError) => e.action && (
    <> <button type="button" className="p-link p-error-action" onClick={e.action.run}>{e.action.label}</button></>
  );
  return (
    <div ref={ref} role="alert" className={layout.kind === 'none' ? undefined : `p-errors${layout.kind === 'single' ? ' p-errors-single' : ''}`}>
      {layout.kind === 'single' && <p>{text(list[0]!)}{actionOf(list[0]!)}</p>}
      {layout.kind === 'list' && (
        <>
          <p>{t(layout.headingKey)}</p>
          <ul>
            {list.map((e) => (
              <li key={(e.field ?? '') + e.code + (e.message ?? '')}>{text(e)}{actionOf(e)}</li>
            ))}
          </ul>
        </>
      )}
      {retry && <button type="button" className="p-btn p-btn-secondary p-errors-retry" onClick={retry}>{t('common.retry')}</button>}
    </div>
  );
}
