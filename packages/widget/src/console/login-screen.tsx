import { useState, type FormEvent } from 'react';
import { ApiProblem } from '../api/api-problem.ts';
import type { ApiClient } from '../api/http.ts';
import { useTranslation } from '../i18n/use-translation.ts';

/** The console's own sign-in (POST /api/v1/console/tokens): a wrong email or password, the lockout (429) and a network failure each say so. */
export function LoginScreen({ api, onToken, notice }: { api: ApiClient; onToken: (token: string) => void; notice: string | null }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.request('post', '/api/v1/console/tokens', { body: { username: email, password } });
      onToken(answer.access_token);
    } catch (err) {
      if (err instanceof ApiProblem && err.status === 429) {
        setError(err.retryAfterSeconds ? t('console.signIn.locked', { minutes: Math.max(1, Math.ceil(err.retryAfterSeconds / 60)) }) : t('console.signIn.lockedSoon'));
      } else if (err instanceof ApiProblem && err.status === 400) setError(t('console.signIn.invalid'));
      else setError(t('console.signIn.failed'));
    } finally {
      setBusy(false);
    }
  };

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
      </form>
    </main>
  );
}
