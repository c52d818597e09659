import './setup.ts';
import { useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { asProblem, problemErrors, type ApiProblem } from '../../api/api-problem.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { useAction } from '../../components/use-action.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { invalidateProfile } from '../profile-view/profile-calls.ts';
import { useSession } from '../../session/use-session.ts';
import { confirmEmailChange, endOtherSessions, type EmailChanged } from './email-change-calls.ts';
import { emailChangeSheetRef } from './setup.ts';

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;

/**
 * emailChangeConfirm (issue 12; an added state): the loader opens it when the page address carries
 * `emailChangeToken` (the link mailed to the new address), having removed it. Opening the page
 * changes nothing by itself; this screen POSTs the token once: 'Your email is now <new>'. When the
 * browser is signed in and the other sessions were not ended with the request, it offers 'Sign out
 * of all other sessions'. An unknown, used or expired link says so (Errors.InvalidToken).
 */
export default function EmailChangeConfirmScreen({ params }: ScreenProps<'emailChangeConfirm'>) {
  const { t } = useTranslation();
  const api = useApi();
  const cache = useQueryCache();
  const [outcome, setOutcome] = useState<EmailChanged | ApiProblem | null>(null);
  const sent = useRef(false);
  const token = params.token;
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirmEmailChange(api, token).then((answer) => {
      invalidateProfile(cache);
      setOutcome(answer);
    }, (err: unknown) => setOutcome(asProblem(err)));
  }, [api, cache, token]);

  if (!token || (outcome && !('Email' in outcome))) {
    const problem = outcome && !('Email' in outcome) ? outcome : null;
    // Errors.InvalidToken gets the screen's own message (the list translates by code: here the string's key).
    const errors = !problem || problem.code === ErrorCode.InvalidToken
      ? [{ code: 'emailChange.linkInvalid' }]
      : problemErrors(problem);
    return (
      <div ref={emailChangeSheetRef}>
        <ScreenHeading>{t('emailChange.confirming')}</ScreenHeading>
        <ErrorList errors={errors} />
        <NextButton />
      </div>
    );
  }
  if (!outcome) {
    return (
      <div ref={emailChangeSheetRef}>
        <ScreenHeading>{t('emailChange.confirming')}</ScreenHeading>
        <Spinner />
      </div>
    );
  }
  return (
    <div ref={emailChangeSheetRef} className="p-email-done">
      <div className="p-icon-circle">{CHECK}</div>
      <ScreenHeading>{t('emailChange.confirmedTitle')}</ScreenHeading>
      <p className="p-lead">{t('emailChange.confirmedText', { email: outcome.Email })}</p>
      {outcome.OtherSessionsEnded > 0
        ? <p className="p-muted">{t('emailChange.othersEnded', { count: outcome.OtherSessionsEnded })}</p>
        : <EndOthersOffer />}
      <NextButton />
    </div>
  );
}

/** Signed in here: offer to end every other session (the session list's call); the link alone is no credential for it. */
function EndOthersOffer() {
  const { t } = useTranslation();
  const api = useApi();
  const { signedIn } = useSession();
  const [ended, setEnded] = useState(false);
  const endOthers = useAction(async () => {
    await endOtherSessions(api);
    setEnded(true);
  });
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => { if (ended) done.current?.focus(); }, [ended]);
  if (!signedIn) return null;
  if (ended) return <p ref={done} tabIndex={-1} role="status" className="p-muted">{t('emailChange.othersSignedOut')}</p>;
  return (
    <div className="p-email-offer">
      <ErrorList errors={endOthers.errors} />
      <p className="p-muted">{t('emailChange.offerEndOthers')}</p>
      <button type="button" className="p-btn p-btn-secondary" aria-disabled={endOthers.busy || undefined} onClick={() => void endOthers.run()}>{t('emailChange.endOthersButton')}</button>
    </div>
  );
}

/** To the profile when this browser is signed in, else to log in. */
function NextButton() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { signedIn } = useSession();
  return signedIn
    ? <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('profile')}>{t('emailChange.goToProfile')}</button>
    : <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('login')}>{t('emailChange.logIn')}</button>;
}
