import { useId, useRef, useState, type FormEvent } from 'react';
import { isValidEmail } from '@portico/core/validation/email';
import { ApiProblem } from '../api/api-problem.ts';
import type { ApiClient } from '../api/http.ts';
import { useTranslation } from '../i18n/use-translation.ts';

/**
 * 'Forgot password?' (POST /api/v1/console/forgot-password, #/forgot-password): the email, then always
 * the same answer, whether or not it is an operator's (the server answers 204 either way); the mail's
 * link opens the set-password screen. Its limits (429) and a network failure say so.
 */
export function ForgotPasswordScreen({ api }: { api: ApiClient }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const typed = email.trim();
    if (!isValidEmail(typed)) {
      setFieldError(t('console.forgot.invalidEmail'));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await api.request('post', '/api/v1/console/forgot-password', { body: { Email: typed } });
      setSentTo(typed);
    } catch (err) {
      setError(err instanceof ApiProblem && err.status === 429
        ? t('console.forgot.limited', { minutes: Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60)) })
        : t('console.forgot.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="c-login">
      <form className="p-embed c-login-card p-stack" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
        <h1 className="p-heading" id={`${id}-h`}>{t('console.forgot.heading')}</h1>
        {sentTo
          ? <p className="p-notice" role="status">{t('console.forgot.sent', { email: sentTo })}</p>
          : (
            <>
              <p className="p-lead c-lead">{t('console.forgot.text')}</p>
              {error && <p className="c-error" role="alert">{error}</p>}
              <div className="p-field">
                <label className="p-label" htmlFor={id}>{t('console.forgot.email')}</label>
                <input id={id} ref={input} className="p-input" type="email" autoComplete="username" required autoFocus value={email}
                  onChange={(e) => setEmail(e.target.value)} aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? `${id}-error` : undefined} />
                {fieldError && <p id={`${id}-error`} className="p-field-error">{fieldError}</p>}
              </div>
              <button className="p-btn p-btn-primary p-btn-block" type="submit" disabled={busy}>{busy ? t('console.forgot.sending') : t('console.forgot.submit')}</button>
            </>
          )}
        <a className="p-link c-text-link" href="#/sign-in">{t('console.forgot.back')}</a>
      </form>
    </main>
  );
}
