import { useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { asProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { completeSignIn } from '../../signin/complete-sign-in.ts';
import { rememberDeviceFromAnswer } from '../../signin/known-device.ts';
import { confirmEmail } from '../../signup/registration-calls.ts';
import { AlreadyConfirmed } from '../reset-password/already-confirmed.tsx';
import { linkOutcome } from '../reset-password/link-outcome.ts';

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;

type Outcome = { email: string } | { errors: DisplayError[] } | 'alreadyConfirmed';

/**
 * Following a sign-up mail's confirm-and-sign-in link (`portico_confirm=1&token=`; its own chunk,
 * loaded only then): the token is sent once. Confirmed: the person is signed in and the post-login
 * routing runs (completeSignIn, as after any sign-in). A person without a password is sent to
 * resetPassword with the same token (a set-password link's job). A used link says the address is
 * confirmed, with Log in; an unknown or expired one goes to forgotPassword with Errors.InvalidToken
 * (spec 2 section 4, as a reset link would).
 */
export default function ConfirmingEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const ctx = useWidget();
  const api = useApi();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirmEmail(api, token).then(async (answer) => {
      if (answer.SetPassword || !answer.SignIn) {
        ctx.actions.goTo('resetPassword', { token, kind: 'confirmation' }, { replace: true });
        return;
      }
      setOutcome({ email: answer.Person.Email });
      await rememberDeviceFromAnswer(answer.SignIn);
      await completeSignIn(ctx, answer.SignIn.access_token);
    }).catch((err: unknown) => {
      const problem = asProblem(err);
      const next = linkOutcome(problem);
      if (next === 'alreadyConfirmed') setOutcome('alreadyConfirmed');
      else if (problem.status === 404) ctx.actions.goTo('forgotPassword', {}, { errors: [{ code: ErrorCode.InvalidToken }], replace: true });
      else setOutcome({ errors: problemErrors(problem) });
    });
  }, [api, token, ctx]);

  if (outcome === 'alreadyConfirmed') return <AlreadyConfirmed />;
  if (!outcome || 'errors' in outcome) {
    return (
      <>
        <ScreenHeading>{t('signup.confirmation.confirmingTitle')}</ScreenHeading>
        {outcome ? <ErrorList errors={outcome.errors} /> : <Spinner />}
      </>
    );
  }
  return (
    <div className="p-confirm">
      <div className="p-icon-circle">{CHECK}</div>
      <ScreenHeading>{t('signup.confirmation.confirmedTitle')}</ScreenHeading>
      <p className="p-lead" role="status">{t('signup.confirmation.confirmedText', { email: outcome.email })}</p>
    </div>
  );
}
