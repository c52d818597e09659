import { useEffect, useState } from 'react';
import type { DisplayError } from '../components/error-list-logic.ts';
import { useTranslation } from './use-translation.ts';

/**
 * The one way a component words errors it shows by catalogue code (the error list, a field's message, a file's,
 * the discount code's, the card form's): `const text = useErrorText(shown)`, then `text(error)`. The catalogue's
 * English messages (core's default-messages.ts) load when `shown` first becomes true, so a screen that shows no
 * error never downloads them. Until they have arrived an error reads as its own message (core's rules and the
 * server send one); an `Errors.*` code without one reads as nothing for those few milliseconds rather than as its
 * code (and as its code if they could not load). Translation overrides are there from the start (with the settings).
 */
export function useErrorText(shown: boolean): (error: DisplayError) => string {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const done = () => setReady(true);
    // The catalogue's English messages (register-error-strings.ts, a chunk of their own: the browser loads it once).
    // Failed (offline): the error reads as its code; the next error shown asks again.
    import('./register-error-strings.ts').then(done, done);
  }, [shown]);
  // An ApiProblem made without a message carries its code as one (api-problem.ts): that is no message.
  return (e) => (ready || (e.message && e.message !== e.code) || !e.code.startsWith('Errors.')
    ? t(e.code, { defaultValue: e.message ?? e.code, ...e.values })
    : '');
}
