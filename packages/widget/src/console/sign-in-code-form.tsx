import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';
import { useTranslation } from '../i18n/use-translation.ts';

/** POST /console/tokens's answer: the console token and this browser's console device token. */
export interface ConsoleSignInAnswer { access_token: string; token_type: 'Bearer'; expires_in: number; device_token: string }
/** What the code step adds to the email and password typed before. */
export type SignInExtra = { code?: string; resend_code?: boolean };

/**
 * The console's code step (the members' rule, docs/auth.md "Lockout and known browsers"): after
 * Errors.SignInCodeRequired the operator types the code mailed to them, sent with the password
 * typed before. A wrong code shows on the code input; 'Send a new code' asks again (the answer is the
 * same whether the password was right, so the text says what it can); the reset link is the other way
 * through; 'Back' returns to the password.
 */
export function SignInCodeForm({ email, send, onSignedIn, onBack }: {
  email: string;
  send: (extra: SignInExtra) => Promise<ConsoleSignInAnswer>;
  onSignedIn: (answer: ConsoleSignInAnswer) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const problemText = (err: unknown) => (err instanceof ApiProblem && err.code === ErrorCode.InvalidSignInCode ? t('console.code.invalid')
    : err instanceof ApiProblem && err.status === 429 ? t('console.signIn.lockedSoon') : t('console.signIn.failed'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResent(false);
    const digits = code.replace(/[^0-9]/g, '');
    if (!digits) {
      setError(t('console.code.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await send({ code: digits }));
    } catch (err) {
      setError(problemText(err));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setBusy(true);
    setResent(false);
    setError(null);
    try {
      onSignedIn(await send({ resend_code: true }));
    } catch (err) {
      // The expected answer: a code is (still) required, and a new one is on its way if the password was right.
      if (err instanceof ApiProblem && err.code === ErrorCode.SignInCodeRequired) setResent(true);
      else setError(problemText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="p-stack" noValidate onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h1 className="p-heading" id={`${id}-h`}>{t('console.code.heading')}</h1>
      <p className="c-warning" role="alert">{t('console.code.tripped', { email })}</p>
      <div className="p-field">
        <label className="p-label" htmlFor={id}>{t('console.code.label')}</label>
        <input id={id} ref={input} className="p-input" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus
          value={code} onChange={(e) => setCode(e.target.value)} aria-required="true" aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`} />
        <p id={`${id}-help`} className="p-help">{t('console.code.help')}</p>
        {error && <p id={`${id}-error`} className="p-field-error">{error}</p>}
      </div>
      <button type="submit" className="p-btn p-btn-primary p-btn-block" disabled={busy}>{busy ? t('console.code.submitting') : t('console.code.submit')}</button>
      <p className="p-help" role="status">{resent ? t('console.code.resent', { email }) : ''}</p>
      <div className="p-toggle-row">
        <button type="button" className="p-link" onClick={() => { void resend(); }} disabled={busy}>{t('console.code.resend')}</button>
        <button type="button" className="p-btn p-btn-secondary c-compact" onClick={onBack}>{t('console.code.back')}</button>
      </div>
      <a className="p-link c-text-link" href="#/forgot-password">{t('console.code.reset')}</a>
    </form>
  );
}
