import { useEffect } from 'react';
import { ErrorCode, isValidEmail } from '@portico/core';
import { EMAIL_CHECK_DEBOUNCE_MS } from '@portico/core/signup/registration-limits';
import { useApi } from '../api/use-api-query.ts';
import type { FormApi } from '../forms/use-form.ts';
import { emailExists } from './registration-calls.ts';
import { CLEARED_BY_EMAIL_CHECK } from './signup-logic.ts';

const EMAIL = 'Person.Email';

/**
 * Spec 1 section 4: changing the email checks, 0.5 s after the last change, whether an account
 * already uses it. Taken: Errors.Duplicate on the email field. Free: Errors.Duplicate and
 * Errors.Email.required leave the error list (spec 1 section 8). A failed check says nothing:
 * the registration checks again.
 */
export function useEmailCheck(form: FormApi, enabled = true): void {
  const api = useApi();
  const value = form.values[EMAIL];
  const email = typeof value === 'string' ? value.trim() : '';
  const { showProblem, dismiss } = form;
  useEffect(() => {
    if (!enabled || !email || !isValidEmail(email)) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      emailExists(api, email, abort.signal).then((taken) => {
        if (abort.signal.aborted) return;
        if (taken) showProblem({ code: ErrorCode.Duplicate, fieldErrors: [{ Field: EMAIL, ErrorCode: ErrorCode.Duplicate, Message: '' }] }, { merge: true });
        else dismiss(CLEARED_BY_EMAIL_CHECK);
      }, () => undefined);
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [api, email, enabled, showProblem, dismiss]);
}
