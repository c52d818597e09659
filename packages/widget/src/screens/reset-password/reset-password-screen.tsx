import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { ErrorCode } from '@portico/core';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useSystemDark } from '../../app/hooks.ts';
import { useApi } from '../../api/use-api-query.ts';
import { asProblem } from '../../api/api-problem.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useForm } from '../../forms/use-form.ts';
import { LazyGoogleSignInButton } from '../../google/lazy-google-sign-in-button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { browser, completeSignIn } from '../../signin/complete-sign-in.ts';
import { pageForLink, resetLinkFacts, resetPassword, type LinkToken } from '../../passwords/password-calls.ts';
import { PasswordField } from '../../passwords/password-field.tsx';
import { PasswordRules } from '../../passwords/password-rules.tsx';
import { passwordsSheetRef } from '../../passwords/setup.ts';
import { usePasswordCheck } from '../../passwords/use-password-check.ts';
import { useSession } from '../../session/use-session.ts';
import { ChangePasswordForm } from '../password-change/change-password-form.tsx';
import { AlreadyConfirmed } from './already-confirmed.tsx';
import { linkOutcome } from './link-outcome.ts';

const NO_FIELDS = [] as const;

function ResetWithLink({ link }: { link: LinkToken }) {
  const { t } = useTranslation();
  const ctx = useWidget();
  const { settings, actions, headingId } = ctx;
  const api = useApi();
  const dark = useSystemDark();
  const rulesId = useId();
  const [options, setOptions] = useState<number | null>(null);
  const [invitation, setInvitation] = useState<{ InvitedBy: string | null; AccountName: string } | null>(null);
  const [used, setUsed] = useState(false);
  const [google, setGoogle] = useState(false);
  const form = useForm({
    fields: NO_FIELDS,
    validate: (v) => (v.NewPassword ? [] : [{ Field: 'NewPassword', ErrorCode: ErrorCode.Required, Message: '' }]),
  });
  const password = typeof form.values.NewPassword === 'string' ? form.values.NewPassword : '';
  const check = usePasswordCheck(password, settings.PasswordPolicy, link);

  const fail = useCallback((err: unknown) => {
    const problem = asProblem(err);
    const outcome = linkOutcome(problem);
    if (outcome === 'inline') throw problem;
    if (outcome === 'alreadyConfirmed') setUsed(true);
    else actions.goTo('forgotPassword', {}, { errors: [outcome.away] });
  }, [actions]);

  useEffect(() => {
    const controller = new AbortController();
    resetLinkFacts(api, link.token, controller.signal).then((facts) => {
      setInvitation(facts.Invitation ?? null);
      setOptions(facts.Options);
    }, (err: unknown) => {
      if (controller.signal.aborted) return;
      // A 400 here is a malformed token: as unusable as an unknown one.
      try { fail(err); } catch { actions.goTo('forgotPassword', {}, { errors: [{ code: ErrorCode.InvalidToken }] }); }
    });
    return () => controller.abort();
  }, [api, link.token, fail, actions]);

  const save = form.handleSubmit(async ({ raw }) => {
    let token: string;
    try {
      token = await resetPassword(api, link.token, { NewPassword: String(raw.NewPassword) }, pageForLink(browser.href()));
    } catch (err) {
      fail(err);
      return;
    }
    await completeSignIn(ctx, token);
  });

  const onGoogle = (credential: string) => {
    setGoogle(true);
    resetPassword(api, link.token, { GoogleIdToken: credential }, pageForLink(browser.href()))
      .then((token) => completeSignIn(ctx, token))
      .catch((err: unknown) => {
        setGoogle(false);
        try { fail(err); } catch (shown) { form.showProblem(shown); }
      });
  };

  if (used) return <AlreadyConfirmed />;
  if (options === null) {
    return (
      <>
        <ScreenHeading>{t('states.resetPassword')}</ScreenHeading>
        <Spinner />
        <p className="p-help" role="status">{t('passwords.reset.checking')}</p>
      </>
    );
  }
  return (
    <>
      <ScreenHeading>{invitation ? t('passwords.reset.invitedHeading') : t('states.resetPassword')}</ScreenHeading>
      {invitation
        ? (
          <>
            <p className="p-lead">
              {invitation.InvitedBy
                ? t('passwords.reset.invitedBy', { inviter: invitation.InvitedBy, account: invitation.AccountName })
                : t('passwords.reset.invited', { account: invitation.AccountName })}
            </p>
            <p className="p-help">{t('passwords.reset.invitedText')}</p>
          </>
        )
        : <p className="p-lead">{t(link.kind === 'confirmation' ? 'passwords.reset.setText' : 'passwords.reset.text')}</p>}
      {options >= 2 && settings.GoogleOAuthClientId && (
        <>
          <Suspense fallback={null}>
            <LazyGoogleSignInButton clientId={settings.GoogleOAuthClientId} onCredential={onGoogle} text="continue_with" dark={dark && settings.Theme.displayMode !== 'light'} />
          </Suspense>
          {google && <p className="p-help" role="status">{t('passwords.reset.google')}</p>}
          <p className="p-or" aria-hidden="true">{t('passwords.reset.or')}</p>
        </>
      )}
      <form className="p-form p-password-form" noValidate onSubmit={save} aria-labelledby={headingId}>
        <ErrorList errors={form.errorList} />
        <PasswordField form={form} path="NewPassword" label={t('passwords.reset.password')} autoComplete="new-password" rulesId={rulesId}>
          <PasswordRules id={rulesId} policy={settings.PasswordPolicy} items={check.items} checking={check.checking} newPerson={link.kind === 'confirmation'} />
        </PasswordField>
        <div className="p-password-actions">
          <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>
            {form.busy ? t('passwords.reset.saving') : t('passwords.reset.submit')}
          </button>
          <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('login')}>{t('passwords.reset.cancel')}</button>
        </div>
      </form>
    </>
  );
}

/**
 * resetPassword (spec 2 sections 2 and 4: "shown when a reset token or a confirmation token is
 * present"): with a reset link's token, an invitation's, or a sign-up's set-password link
 * (`confirmationToken`, kind confirmation: the first password, which also confirms the email) a
 * password with live rule indicators, Google when the reset options are 2 or more, Cancel back to
 * login; success signs in at once with the fresh token and runs the post-login routing. A used
 * set-password link says the address is confirmed and offers Log in. Reached after login with
 * PasswordMustChange (no token), it asks for the current password too and continues the sign-in.
 */
export default function ResetPasswordScreen({ params }: ScreenProps<'resetPassword'>) {
  const { t } = useTranslation();
  const ctx = useWidget();
  const { signedIn } = useSession();
  const missing = !params.token && !signedIn;
  useEffect(() => {
    if (missing) ctx.actions.goTo('forgotPassword', {}, { errors: [{ code: ErrorCode.InvalidToken }], replace: true });
  }, [missing, ctx.actions]);
  if (params.token) {
    return <div ref={passwordsSheetRef}><ResetWithLink link={{ token: params.token, kind: params.kind ?? 'reset' }} /></div>;
  }
  if (missing) return null;
  return (
    <div ref={passwordsSheetRef}>
      <ScreenHeading>{t('states.resetPassword')}</ScreenHeading>
      <p className="p-lead">{t('passwords.reset.mustChange')}</p>
      <ChangePasswordForm
        onDone={async () => { const token = ctx.runtime.token.get(); if (token) await completeSignIn(ctx, token); }}
        onCancel={() => ctx.actions.goTo('login')} />
    </div>
  );
}
