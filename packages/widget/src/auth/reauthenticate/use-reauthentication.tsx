import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { runWithReauthentication, type ReauthCancelled } from './reauthenticate-calls.ts';

export { REAUTH_CANCELLED, type ReauthCancelled } from './reauthenticate-calls.ts';

/** The step's own chunk: screens that never need it never load it. */
const LazyConfirmItsYou = lazy(async () => ({ default: (await import('./confirm-its-you.tsx')).ConfirmItsYou }));

export interface Reauthentication {
  /**
   * Runs a sensitive action. When the server answers 403 Errors.ReauthenticationRequired, the
   * prompt asks 'Confirm it's you' and the action runs once more; resolves REAUTH_CANCELLED when
   * the person cancels. Any other failure rejects as the action's would.
   */
  run<T>(action: () => Promise<T>): Promise<T | ReauthCancelled>;
  /** Where the prompt goes (outside the screen's own form); null while nothing is asked. */
  prompt: ReactNode;
  asking: boolean;
}

/**
 * The re-authentication step any screen's action uses (docs/auth.md "Re-authentication"):
 * `const reauth = useReauthentication();` … `await reauth.run(() => promoteMember(api, uid))` …
 * `{reauth.prompt}`. Small and self-contained, so a later shared screen kit can fold it in.
 */
export function useReauthentication(): Reauthentication {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);
  const ask = useCallback(() => new Promise<boolean>((resolve) => {
    setPending(() => (confirmed: boolean) => {
      setPending(null);
      resolve(confirmed);
    });
  }), []);
  const run = useCallback(<T,>(action: () => Promise<T>) => runWithReauthentication(action, ask), [ask]);
  const prompt = pending
    ? <Suspense fallback={null}><LazyConfirmItsYou onConfirmed={() => pending(true)} onCancel={() => pending(false)} /></Suspense>
    : null;
  return { run, prompt, asking: pending !== null };
}
