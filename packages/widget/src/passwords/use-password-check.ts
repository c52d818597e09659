import { useEffect, useState } from 'react';
import type { PasswordPolicy } from '@portico/core';
import { PASSWORD_CHECK_DEBOUNCE_MS, checkPassword, type PasswordRuleResult } from '@portico/core/passwords/password-policy';
import { useApi } from '../api/use-api-query.ts';
import { validatePassword, type LinkToken, type TypedPersonalData } from './password-calls.ts';

export interface PasswordCheck {
  /** Null before the first check (nothing typed, or the debounce still running). */
  items: PasswordRuleResult[] | null;
  /** The server's answer for this value is awaited (the local result shows meanwhile). */
  checking: boolean;
}

/**
 * The live policy check of spec 2 section 5: 1 s after the last keystroke core's checkPassword
 * runs locally (the same rules the server applies), then auth/validate-password answers for every
 * PolicyKey, with the link's token (or the signed-in token) so history and personal data count.
 * A failed server check leaves the local result: the submit is checked again anyway.
 */
export function usePasswordCheck(password: string, policy: PasswordPolicy, link: LinkToken | null, personal: TypedPersonalData = {}): PasswordCheck {
  const api = useApi();
  const [state, setState] = useState<PasswordCheck>({ items: null, checking: false });
  const token = link?.token ?? null;
  const kind = link?.kind ?? null;
  // A sign-up's typed name and email (no person exists yet to read them from); strings, so the effect reruns only when they change.
  const { Email: email, FirstName: firstName, LastName: lastName } = personal;
  useEffect(() => {
    if (password === '') {
      setState({ items: null, checking: false });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ items: checkPassword(password, policy, { personalData: [email, firstName, lastName] }), checking: true });
      const linkToken = token && kind ? { token, kind } : null;
      validatePassword(api, password, linkToken, controller.signal, { Email: email, FirstName: firstName, LastName: lastName }).then(
        (items) => { if (!controller.signal.aborted) setState({ items, checking: false }); },
        () => { if (!controller.signal.aborted) setState((s) => ({ ...s, checking: false })); },
      );
    }, PASSWORD_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, password, policy, token, kind, email, firstName, lastName]);
  return state;
}
