import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorCode, type PasswordPolicy } from '@portico/core';
import { checkPassword, isPasswordAccepted, type PasswordRuleResult } from '@portico/core/passwords/password-policy';
import { ApiProblem } from '../api/api-problem.ts';
import type { ApiClient } from '../api/http.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { PasswordRules } from '../passwords/password-rules.tsx';
import type { ConsoleSignInAnswer } from './sign-in-code-form.tsx';

interface LinkFacts { Purpose: 'invite' | 'reset'; CompanyName: string; Email: string; Name: string; PasswordPolicy: PasswordPolicy }

/**
 * The set-password screen (#/set-password?token=…, from the invitation's and the reset's mail):
 * the link is checked first (POST /console/set-password/check: what it is for, the company, who);
 * the new password with show/hide and the company's rules beside it (core's checkPassword as the
 * operator types, the widget's PasswordRules; the common-password list is the server's), then
 * POST /console/set-password, whose field errors show on the field. Success signs in. A link that
 * no longer works says so and offers a new one.
 */
export function SetPasswordScreen({ api, token, onSignedIn }: { api: ApiClient; token: string | null; onSignedIn: (answer: ConsoleSignInAnswer) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [facts, setFacts] = useState<LinkFacts | 'invalid' | 'failed' | null>(token ? null : 'invalid');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The password the server refused as too common: the rule shows unmet until it changes. */
  const [common, setCommon] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.request('post', '/api/v1/console/set-password/check', { body: { Token: token } }).then(
      (answer) => { if (live) setFacts(answer); },
      (err: unknown) => { if (live) setFacts(err instanceof ApiProblem && err.kind === 'client' ? 'invalid' : 'failed'); },
    );
    return () => { live = false; };
  }, [api, token]);

  if (facts === null) {
    return <Card><p className="p-help" role="status">{t('console.setPassword.checking')}</p></Card>;
  }
  if (facts === 'invalid' || facts === 'failed') {
    return (
      <Card>
        <h1 className="p-heading">{t('console.setPassword.resetHeading')}</h1>
        <p className="c-error" role="alert">{t(facts === 'invalid' ? 'console.setPassword.invalid' : 'console.setPassword.failed')}</p>
        <a className="p-btn p-btn-primary p-btn-block" href="#/forgot-password">{t('console.setPassword.newLink')}</a>
        <a className="p-link c-text-link" href="#/sign-in">{t('console.forgot.back')}</a>
      </Card>
    );
  }

  const local: PasswordRuleResult[] = checkPassword(password, facts.PasswordPolicy, { personalData: [facts.Email, facts.Name] });
  const items = password === '' ? null : [...local, ...(common === password ? [{ PolicyKey: 'CommonPasswordDisallowed', IsValid: false }] : [])];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !isPasswordAccepted(items ?? [])) {
      setError(t(password ? 'console.setPassword.refused' : 'console.setPassword.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.request('post', '/api/v1/console/set-password', { body: { Token: token!, NewPassword: password } }));
    } catch (err) {
      if (err instanceof ApiProblem && err.code === ErrorCode.InvalidToken) {
        setFacts('invalid');
        return;
      }
      const onField = err instanceof ApiProblem ? err.fieldErrors.filter((f) => f.Field === 'NewPassword') : [];
      if (onField.some((f) => f.ErrorCode === ErrorCode.PasswordTooCommon)) setCommon(password);
      setError(onField.length ? onField.map((f) => f.Message || t('console.setPassword.refused')).join(' ')
        : err instanceof ApiProblem && err.status === 429 ? t('console.signIn.lockedSoon') : t('console.setPassword.failed'));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const invite = facts.Purpose === 'invite';
  return (
    <Card>
      <form className="p-stack" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
        <h1 className="p-heading" id={`${id}-h`}>{invite ? t('console.setPassword.inviteHeading', { company: facts.CompanyName }) : t('console.setPassword.resetHeading')}</h1>
        <p className="p-lead c-lead">{t(invite ? 'console.setPassword.inviteText' : 'console.setPassword.resetText', { email: facts.Email })}</p>
        {/* The browser's password manager files the new password under the operator's email. */}
        <input type="email" autoComplete="username" value={facts.Email} readOnly hidden />
        <div className="p-field">
          <label className="p-label" htmlFor={id}>{t('console.setPassword.password')}</label>
          <div className="p-password">
            <input id={id} ref={input} className="p-input" type={visible ? 'text' : 'password'} autoComplete="new-password" required aria-required="true" autoFocus
              value={password} onChange={(e) => setPassword(e.target.value)} spellCheck={false} autoCapitalize="off" autoCorrect="off"
              aria-invalid={error ? true : undefined} aria-describedby={[error ? `${id}-error` : '', `${id}-rules`].filter(Boolean).join(' ')} />
            <button type="button" className="p-reveal" aria-controls={id} aria-pressed={visible}
              aria-label={visible ? t('console.setPassword.hidePassword') : t('console.setPassword.showPassword')} onClick={() => setVisible((v) => !v)}>
              {visible ? t('console.setPassword.hide') : t('console.setPassword.show')}
            </button>
          </div>
          {error && <p id={`${id}-error`} className="p-field-error">{error}</p>}
          <PasswordRules id={`${id}-rules`} policy={facts.PasswordPolicy} items={items} checking={false} newPerson />
        </div>
        <button className="p-btn p-btn-primary p-btn-block" type="submit" disabled={busy}>{busy ? t('console.setPassword.saving') : t('console.setPassword.submit')}</button>
      </form>
    </Card>
  );
}

function Card({ children }: { children: ReactNode }) {
  return <main className="c-login"><div className="p-embed c-login-card p-stack">{children}</div></main>;
}
