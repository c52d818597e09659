import { Suspense, lazy, useEffect } from 'react';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { signupSheetRef } from '../../signup/setup.ts';
import { loadPaymentReceipt } from './load-payment-receipt.ts';

// Its own chunk, fetched only when a paid sign-up has a payment to state (load-payment-receipt.ts).
const PaymentReceipt = lazy(() => loadPaymentReceipt().then((m) => ({ default: m.PaymentReceipt })));

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>;
const MAIL = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></svg>;

/** A sign-up mail's confirm-and-sign-in link: its own chunk (vite.config.ts), loaded only when such a link is followed. */
const ConfirmingEmail = lazy(() => import('./confirming-email.tsx'));

/**
 * registerConfirmation (spec 1 section 2): 'Thank you' without a confirmation mail; 'Almost done'
 * saying a mail was sent; 'Account created' with a Login button after a Google sign-up; a Close
 * button in popup mode; in demo mode the sign-up is reset and the widget can start again. With
 * `confirmToken` (a sign-up mail's confirm-and-sign-in link) it confirms the email and signs in
 * (confirming-email.tsx).
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
    const waiting = <><ScreenHeading>{t('signup.confirmation.confirmingTitle')}</ScreenHeading><Spinner /></>;
    return <div ref={signupSheetRef}><Suspense fallback={waiting}><ConfirmingEmail token={params.confirmToken} /></Suspense></div>;
  }

  // 'Almost done' says what the mailed link does: confirm and sign in, or (no password was asked) confirm and set the password.
  const mailed = variant === 'almostDone' || variant === 'almostDoneSetPassword';
  const title = mailed ? 'almostDoneTitle' : { thankYou: 'thankYouTitle', accountCreated: 'accountCreatedTitle' }[variant];
  const mailKey = variant === 'almostDoneSetPassword' ? 'signup.confirmation.almostDoneSetPasswordText' : 'signup.confirmation.almostDoneText';
  const text = mailed
    ? (params.email ? t(mailKey, { email: params.email }) : t(`${mailKey}NoEmail`))
    : t(variant === 'accountCreated' ? 'signup.confirmation.accountCreatedText' : 'signup.confirmation.thankYouText');
  return (
    <div ref={signupSheetRef} className="p-confirm">
      <div className="p-icon-circle">{mailed ? MAIL : CHECK}</div>
      <ScreenHeading>{t(`signup.confirmation.${title}`)}</ScreenHeading>
      <p className="p-lead">{text}</p>
      {params.receipt && <Suspense fallback={null}><PaymentReceipt receipt={params.receipt} /></Suspense>}
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
