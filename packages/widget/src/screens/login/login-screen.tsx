import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { ErrorCode, type FieldError } from '@portico/core';
import { configuredFields, type FieldValues } from '@portico/core/fields/index';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useSystemDark } from '../../app/hooks.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { FieldErrorText, useInputBinding } from '../../components/fields/field-parts.tsx';
import { useForm, type FormApi } from '../../forms/use-form.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { LazyGoogleSignInButton, readIdTokenClaims } from '../../google/lazy-google-sign-in-button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { completeSignIn } from '../../signin/complete-sign-in.ts';
import { readLastEmail, rememberLastEmail } from '../../signin/last-email.ts';
import { loginErrorCode } from '../../signin/login-errors.ts';
import { requestToken, resendConfirmationMail, type Credentials, type PasswordCredentials } from '../../signin/signin-calls.ts';
import { browser } from '../../signin/complete-sign-in.ts';
import { confirmationPage } from '../../signup/registration-calls.ts';
import '../../signin/setup.ts';
import { useResumeWhenSignedIn } from '../../session/use-resume-when-signed-in.ts';
import { CODE, SignInCodeStep } from './sign-in-code-step.tsx';
import { UnconfirmedNotice } from './unconfirmed-notice.tsx';

const EMAIL = 'Person.Email';
const PASSWORD = 'Password';

/** The password input of the form (not a configured field): shown/hidden, required, errors linked. */
function PasswordField({ form, label }: { form: FormApi; label: string }) {
  const { t } = useTranslation();
  const b = useInputBinding(form, PASSWORD, label);
  const [visible, setVisible] = useState(false);
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={b.id}>{label}<span className="p-required" aria-hidden="true"> *</span></label>
      <div className="p-password">
        <input id={b.id} ref={b.ref} className="p-input" type={visible ? 'text' : 'password'} autoComplete="current-password"
          value={typeof form.values[PASSWORD] === 'string' ? form.values[PASSWORD] : ''}
          aria-required="true" aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy}
          onChange={(e) => { form.setValue(PASSWORD, e.target.value); form.touch(PASSWORD); }} onBlur={b.onBlur} />
        <button type="button" className="p-reveal" aria-controls={b.id} aria-pressed={visible}
          aria-label={visible ? t('controls.hidePassword') : t('controls.showPassword')} onClick={() => setVisible((v) => !v)}>
          {visible ? t('controls.hide') : t('controls.show')}
        </button>
      </div>
      <FieldErrorText id={b.errorId} error={b.error} />
    </div>
  );
}

/**
 * login (spec 2 section 2): email and password, validated on every change; 'Forgot password?';
 * create account when registration is on and the company bills itself (the configured
 * registration URL, else selectPlan); Google when a client id is set. A token goes to
 * completeSignIn (post-login routing). Errors follow spec 2 section 8. Errors.SignInCodeRequired
 * opens the code step (the mailed code with the same password); Errors.EmailNotConfirmed offers
 * 'Send the link again' (docs/auth.md "Lockout and known browsers", "Unconfirmed email"). Shown by
 * the signed-in gate in place of a member screen, it says which, and the sign-in ends there.
 */
export default function LoginScreen({ params }: ScreenProps<'login'>) {
  const { t } = useTranslation();
  const widget = useWidget();
  const { settings, actions, nav } = widget;
  const api = useApi();
  const dark = useSystemDark();
  const incoming = useIncomingErrors();
  const remember = settings.SignIn?.RememberLastEmail === true;
  const fields = useMemo(() => configuredFields([{
    Behavior: 'SystemRequired', Group: null,
    Definition: { Uid: 'login-email', EntityType: 'Person', SystemName: 'Email', Label: t('signin.login.email'), ControlType: 'Email', ControlParams: null },
  }]), [t]);
  const [initialValues] = useState<FieldValues>(() => ({ [EMAIL]: params.email ?? readLastEmail(remember) }));
  const validate = useCallback((values: FieldValues): FieldError[] =>
    (typeof values[PASSWORD] === 'string' && values[PASSWORD] !== '' ? [] : [{ Field: PASSWORD, ErrorCode: ErrorCode.Required, Message: '' }]), []);
  const form = useForm({ fields, initialValues, validate });
  const [signingIn, setSigningIn] = useState(false);
  /** The password sign-in waiting for its mailed code; null on the password step. */
  const [codeFor, setCodeFor] = useState<PasswordCredentials | null>(null);
  /** The email a sign-in was refused for until it is confirmed. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  /** This screen is finishing a sign-in itself (post-login routing decides where it ends). */
  const finishing = useRef(false);
  useResumeWhenSignedIn(finishing);
  const waitingFor = nav.returnTo?.state;


  const signIn = async (credentials: Credentials) => {
    let token: string;
    try {
      token = await requestToken(api, credentials, params.accountUid ? { accountUid: params.accountUid } : undefined);
    } catch (err) {
      const code = loginErrorCode(err);
      const onCode = code === ErrorCode.InvalidSignInCode ? [{ Field: CODE, ErrorCode: code, Message: '' }] : [];
      throw { ErrorCode: code, Message: '', FieldErrors: onCode };
    }
    rememberLastEmail(remember, credentials.username);
    setSigningIn(true);
    finishing.current = true;
    try {
      await completeSignIn(widget, token, { clientIdentifier: params.clientIdentifier, accountUid: params.accountUid });
    } finally {
      finishing.current = false;
      setSigningIn(false);
    }
  };

  const save = form.handleSubmit(async ({ values, raw }) => {
    const credentials = { username: String(values[EMAIL] ?? ''), password: String(raw[PASSWORD] ?? '') };
    setUnconfirmed(null);
    try {
      await signIn(credentials);
    } catch (problem) {
      const code = (problem as { ErrorCode?: unknown }).ErrorCode;
      if (code === ErrorCode.SignInCodeRequired) return setCodeFor(credentials);
      if (code === ErrorCode.EmailNotConfirmed) setUnconfirmed(credentials.username);
      throw problem;
    }
  });
  const resendLink = () => resendConfirmationMail(api, unconfirmed ?? '', confirmationPage(browser.href()));

  const onGoogle = (idToken: string) => {
    const email = readIdTokenClaims(idToken)?.email;
    if (typeof email !== 'string' || !email) {
      form.showProblem({ ErrorCode: ErrorCode.InvalidCredentialsGoogle, Message: '', FieldErrors: [] });
      return;
    }
    signIn({ username: email, googleIdToken: idToken }).catch((problem: unknown) => form.showProblem(problem));
  };

  const registration = settings.RegistrationUrls.Registration;
  const canCreate = settings.RegistrationEnabled && settings.BillingSystem !== 'Stripe';
  if (codeFor) {
    return (
      <div>
        <ScreenHeading>{t('states.login')}</ScreenHeading>
        <SignInCodeStep email={codeFor.username} busy={signingIn} onBack={() => setCodeFor(null)}
          send={(extra) => signIn({ ...codeFor, ...extra })} />
      </div>
    );
  }
  return (
    <div>
      <ScreenHeading>{t('states.login')}</ScreenHeading>
      {waitingFor && <p className="p-lead">{t('signin.login.toContinue', { screen: t(`states.${waitingFor}`) })}</p>}
      {params.handedOverTo && <p className="p-notice" role="status" style={{ marginBottom: 16 }}>{t('signin.login.handedOver', { name: params.handedOverTo })}</p>}
      <form className="p-stack" noValidate onSubmit={save} aria-label={t('states.login')}>
        <ErrorList errors={[...incoming, ...form.errorList]} />
        {unconfirmed && <UnconfirmedNotice email={unconfirmed} resend={resendLink} onProblem={(p) => form.showProblem(p, { merge: true })} />}
        {settings.GoogleOAuthClientId && (
          <>
            <Suspense fallback={null}>
              <LazyGoogleSignInButton clientId={settings.GoogleOAuthClientId} onCredential={onGoogle} text="signin_with" dark={dark && settings.Theme.displayMode !== 'light'} />
            </Suspense>
            <p className="p-help p-center" role="separator" aria-label={t('signin.login.or')}><span aria-hidden="true">{t('signin.login.or')}</span></p>
          </>
        )}
        <ConfiguredFields form={form} />
        <PasswordField form={form} label={t('signin.login.password')} />
        <button type="button" className="p-link" onClick={() => actions.goTo('forgotPassword')}>{t('signin.login.forgot')}</button>
        <button type="submit" className="p-btn p-btn-primary p-btn-block" aria-disabled={form.busy || signingIn || undefined}>
          {form.busy || signingIn ? t('signin.login.submitting') : t('signin.login.submit')}
        </button>
        {signingIn && <p className="p-help" role="status">{t('signin.login.signingIn')}</p>}
        {canCreate && (
          <p className="p-help p-center">
            {t('signin.login.noAccount')}{' '}
            {registration
              ? <a className="p-link" href={registration}>{t('signin.login.create')}</a>
              : <button type="button" className="p-link" onClick={() => actions.goTo('selectPlan')}>{t('signin.login.create')}</button>}
          </p>
        )}
      </form>
    </div>
  );
}
