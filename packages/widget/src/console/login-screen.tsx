import { useState, type FormEvent } from 'react';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';
import type { ApiClient } from '../api/http.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { consoleDeviceToken } from './console-devices.ts';
import { SignInCodeForm, type ConsoleSignInAnswer, type SignInExtra } from './sign-in-code-form.tsx';

/**
 * The console's own sign-in (POST /api/v1/console/tokens) with this browser's console device token:
 * a wrong email or password, the per-address limit (429) and a network failure each say so; when
 * strangers' guesses have tripped the email (403 Errors.SignInCodeRequired) the code step shows, with
 * the reset link as the other way through. 'Forgot password?' opens #/forgot-password.
 */
export function LoginScreen({ api, onSignedIn, notice }: { api: ApiClient; onSignedIn: (answer: ConsoleSignInAnswer) => void; notice: string | null }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');

  const send = async (extra: SignInExtra): Promise<ConsoleSignInAnswer> => {
    const device = await consoleDeviceToken(email);
    return api.request('post', '/api/v1/console/tokens', { body: { username: email, password, ...(device ? { device_token: device } : {}), ...extra } });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await send({}));
    } catch (err) {
      if (err instanceof ApiProblem && err.code === ErrorCode.SignInCodeRequired) setStep('code');
      else if (err instanceof ApiProblem && err.status === 429) {
        setError(err.retryAfterSeconds ? t('console.signIn.locked', { minutes: Math.max(1, Math.ceil(err.retryAfterSeconds / 60)) }) : t('console.signIn.lockedSoon'));
      } else if (err instanceof ApiProblem && err.status === 400) setError(t('console.signIn.invalid'));
      else setError(t('console.signIn.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <main className="c-login">
        <div className="p-embed c-login-card p-stack">
          <SignInCodeForm email={email} send={send} onSignedIn={onSignedIn} onBack={() => setStep('password')} />
        </div>
      </main>
    );
  }
  return (
    <main className="c-login">
      <form className="p-embed c-login-card p-stack" onSubmit={submit} noValidate>
        <h1 className="p-heading">{t('console.signIn.heading')}</h1>
        {notice && !error && <p className="p-notice" role="status">{notice}</p>}
        {error && <p className="c-error" role="alert">{error}</p>}
        <div className="p-field">
          <label className="p-label" htmlFor="c-email">{t('console.signIn.email')}</label>
          <input id="c-email" className="p-input" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="p-field">
          <label className="p-label" htmlFor="c-password">{t('console.signIn.password')}</label>
          <input id="c-password" className="p-input" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <button className="p-btn p-btn-primary p-btn-block" type="submit" disabled={busy || !email || !password}>{busy ? t('console.signIn.signingIn') : t('console.signIn.submit')}</button>
        <a className="p-link c-text-link" href="#/forgot-password">{t('console.signIn.forgot')}</a>
      </form>
    </main>
  );
}
