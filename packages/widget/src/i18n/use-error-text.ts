import { useEffect, useState } from 'react';
import type { DisplayError } from '../components/error-list-logic.ts';
import { useTranslation } from './use-translation.ts';

let catalogue: Promise<void> | null = null;
let loaded = false;

/** The catalogue's English messages (register-error-strings.ts, a chunk of their own), once per page. */
function loadCatalogue(): Promise<void> {
  catalogue ??= import('./register-error-strings.ts').then(
    () => { loaded = true; },
    (error: unknown) => { catalogue = null; throw error; }, // the next error shown tries again
  );
  return catalogue;
}

/**
 * The one way a component words errors it shows by catalogue code (the error list, a field's message, a file's,
 * the discount code's, the card form's): `const text = useErrorText(shown)`, then `text(error)`. The catalogue's
 * English messages (core's default-messages.ts) load when `shown` first becomes true, so a screen that shows no
 * error never downloads them. Until they have arrived an error reads as its own message (core's field rules and
 * the server send one); an `Errors.*` code without one reads as nothing for those few milliseconds rather than
 * as its code. Translation overrides are there from the start (applied with the settings).
 */
export function useErrorText(shown: boolean): (error: DisplayError) => string {
  const { t } = useTranslation();
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (!shown || ready) return;
    let live = true;
    // Failed (offline): show what there is, the code at worst, rather than nothing.
    const done = () => { if (live) setReady(true); };
    loadCatalogue().then(done, done);
    return () => { live = false; };
  }, [shown, ready]);
  return (e) => (ready || loaded || e.message || !e.code.startsWith('Errors.') ? t(e.code, { defaultValue: e.message ?? e.code, ...e.values }) : '');
}
