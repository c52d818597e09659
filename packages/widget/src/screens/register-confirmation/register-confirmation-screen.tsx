import { useEffect, useRef, useState } from 'react';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { asProblem, problemErrors } from '../../api/api-problem.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { confirmEmail } from '../../signup/registration-calls.ts';
import { signupSheetRef } from '../../signup/setup.ts';

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;
const MAIL = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></svg>;

/** Following the confirmation link: the token is sent once, then the outcome is shown. */
function ConfirmingEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<{ email: string } | { errors: DisplayError[] } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirmEmail(api, token).then((r) => setState({ email: r.Person.Email }), (err: unknown) => setState({ errors: problemErrors(asProblem(err)) }));
  }, [api, token]);
  if (!state) {
    return (
      <>
        <ScreenHeading>{t('signup.confirmation.confirmingTitle')}</ScreenHeading>
        <Spinner />
      </>
    );
  }
  if ('errors' in state) {
    return (
      <>
        <ScreenHeading>{t('signup.confirmation.confirmingTitle')}</ScreenHeading>
        <ErrorList errors={state.errors} />
      </>
    );
  }
  return (
    <div className="p-confirm">
      <div className="p-icon-circle">{CHECK}</div>
      <ScreenHeading>{t('signup.confirmation.confirmedTitle')}</ScreenHeading>
      <p className="p-lead">{t('signup.confirmation.confirmedText', { email: state.email })}</p>
    </div>
  );
}

/**
 * registerConfirmation (spec 1 section 2): 'Thank you' without a confirmation mail; 'Almost done'
 * saying a mail was sent; 'Account created' with a Login button after a Google sign-up; a Close
 * button in popup mode; in demo mode the sign-up is reset and the widget can start again. With
 * `confirmToken` (the link of the confirmation mail) it confirms the email.
 */
export default function RegisterConfirmationScreen({ params }: ScreenProps<'registerConfirmation'>) {
  const { t } = useTranslation();
  const { mode, demo, actions } = useWidget();
  const flow = useFlowDraft();
  const variant = params.variant ?? 'thankYou';
  const { clear } = flow;
  // Spec 1 section 2: "In demo mode the subscription is reset."
  useEffect(() => {
    if (demo) clear();
  }, [demo, clear]);

  if (params.confirmToken) {
    return <div ref={signupSheetRef}><ConfirmingEmail token={params.confirmToken} /></div>;
  }

  const title = { thankYou: 'thankYouTitle', almostDone: 'almostDoneTitle', accountCreated: 'accountCreatedTitle' }[variant];
  const text = variant === 'almostDone'
    ? (params.email ? t('signup.confirmation.almostDoneText', { email: params.email }) : t('signup.confirmation.almostDoneTextNoEmail'))
    : t(variant === 'accountCreated' ? 'signup.confirmation.accountCreatedText' : 'signup.confirmation.thankYouText');
  return (
    <div ref={signupSheetRef} className="p-confirm">
      <div className="p-icon-circle">{variant === 'almostDone' ? MAIL : CHECK}</div>
      <ScreenHeading>{t(`signup.confirmation.${title}`)}</ScreenHeading>
      <p className="p-lead">{text}</p>
      {variant === 'accountCreated' && (
        <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('login')}>{t('signup.confirmation.login')}</button>
      )}
      {mode === 'popup' && (
        <button type="button" className={`p-btn ${variant === 'accountCreated' ? 'p-btn-secondary' : 'p-btn-primary'}`} onClick={() => actions.close()}>{t('signup.confirmation.close')}</button>
      )}
      {demo && (
        <button type="button" className="p-link" onClick={() => actions.goTo('selectPlan')}>{t('signup.confirmation.demoReset')}</button>
      )}
    </div>
  );
}
