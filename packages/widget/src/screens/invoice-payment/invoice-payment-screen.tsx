import './setup.ts';
import { useEffect, useRef, useState } from 'react';
import { toMinor } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { ApiProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { formatAmount } from '../../components/billing/format.ts';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { ErrorList } from '../../components/error-list.tsx';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { authenticateSavedPayment } from '../../payments/authenticate-saved.ts';
import { currentReturnUrl } from '../../payments/payment-redirect.ts';
import { useSession } from '../../session/use-session.ts';
import type { ScreenProps } from '../../states.ts';
import { BILLING_QUERY_PREFIX } from '../billing/billing-calls.ts';
import { fetchSavedMethod } from '../plan-change/plan-change-calls.ts';
import { fetchInvoicePayment, INVOICE_NOT_OPEN, invoicePaymentKey, payInvoice, type InvoicePayment } from './invoice-payment-calls.ts';
import { invoicePaymentView, invoiceReturnUrl, returnStep } from './invoice-payment-logic.ts';

const ACTIONS_STYLE = { display: 'flex', flexWrap: 'wrap', gap: 12, marginTop: 16 } as const;

/**
 * invoicePayment (issue 17, docs/states.md "Added states"): 'Authenticate your payment' for one
 * renewal invoice whose off-session charge the bank wants the customer to confirm, opened from the
 * mailed link (`?portico_pay_invoice=<uid>`, behind the signed-in gate). It shows the invoice number,
 * the amount and what it is for, and one button that runs the gateway's authentication with the
 * invoice's ClientSecret and the saved card, exactly as planOptionsChange does for a plan change
 * (payments/authenticate-saved.ts). The bank's step returns here (loader/landing.ts), and the screen
 * POSTs the intent: 'Payment received', or the error. An invoice already paid or void says so calmly.
 */
export default function InvoicePaymentScreen({ params }: ScreenProps<'invoicePayment'>) {
  const { t, i18n } = useTranslation();
  const { settings, actions, runtime, mode } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const { claims } = useSession();
  const accountUid = claims?.accountUid ?? null;
  const planUid = claims?.planUid ?? null;
  const invoiceUid = params.invoiceUid ?? null;
  const query = useApiQuery(invoiceUid ? invoicePaymentKey(accountUid, invoiceUid) : null, (a) => fetchInvoicePayment(a, invoiceUid!));
  const saved = useApiQuery(accountUid ? `invoice-payment:method:${accountUid}` : null, (a) => fetchSavedMethod(a, accountUid!));
  const [paid, setPaid] = useState<InvoicePayment | null>(null);
  const [failed, setFailed] = useState(false);

  const finish = useAction(async (clientSecret: string) => {
    if (!invoiceUid) return;
    try {
      setPaid(await payInvoice(api, invoiceUid, clientSecret, `invoice-payment:${clientSecret}`));
      cache.invalidate(BILLING_QUERY_PREFIX); // the billing screen's invoices and next payment
    } catch (err) {
      // Paid or voided meanwhile: read it again and show what it is now, not an error.
      // (By status too: the widget reads a code the core catalogue does not list yet as UnknownError.)
      if (err instanceof ApiProblem && (err.code === (INVOICE_NOT_OPEN as string) || err.status === 409)) { cache.invalidate(invoicePaymentKey(accountUid, invoiceUid)); query.refetch(); return; }
      throw err;
    }
  });

  const authenticate = useAction(async () => {
    const secret = query.data?.ClientSecret;
    const token = saved.data?.PaymentToken;
    if (!secret || !token || !invoiceUid) return;
    setFailed(false);
    const outcome = await authenticateSavedPayment({
      gateway: settings.PaymentSettings.GatewayActivationStatus, publishableKey: settings.PaymentSettings.PublishableKey,
      server: runtime.config.server, clientSecret: secret, paymentToken: token,
      returnUrl: invoiceReturnUrl(currentReturnUrl(), invoiceUid, mode === 'embed'),
    }).catch((err: unknown) => {
      setFailed(true);
      console.warn('[portico] authentication did not start', err);
      return 'failed' as const;
    });
    if (outcome === 'succeeded') await finish.run(secret);
  });

  // The return from the bank's step: finish once with the intent, or say the step failed.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const step = returnStep(params);
    if (step.kind === 'finish') void finish.run(step.clientSecret);
    if (step.kind === 'failed') setFailed(true);
  }, [params, finish]);

  const toBilling = <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('billing')}>{t('invoicePayment.toBilling')}</button>;
  const heading = <ScreenHeading>{t('states.invoicePayment')}</ScreenHeading>;
  const money = (p: InvoicePayment) => formatAmount(toMinor(p.Amount, p.Currency), p.Currency, i18n.language);

  if (paid) {
    return (
      <div>
        {heading}
        <h3 className="p-group-label">{t('invoicePayment.received')}</h3>
        <p className="p-lead" role="status">{t('invoicePayment.receivedText', { number: paid.InvoiceNumber })}</p>
        <div style={ACTIONS_STYLE}>{toBilling}</div>
      </div>
    );
  }
  const p = query.data;
  if (!p) {
    const errors: DisplayError[] = query.problem ? problemErrors(query.problem) : [];
    return (
      <div>
        {heading}
        <ErrorList errors={errors} />
        {invoiceUid && query.loading && <Spinner />}
        {(!invoiceUid || query.problem) && <div style={ACTIONS_STYLE}>{toBilling}</div>}
      </div>
    );
  }
  // No saved card any more (removed mid-dunning): nothing to authenticate with; a new card is the way.
  const view = invoicePaymentView(p, saved.data === null ? { savedCard: false } : {});
  if (view === 'paid' || view === 'void') {
    return (
      <div>
        {heading}
        <h3 className="p-group-label">{t(view === 'paid' ? 'invoicePayment.paid' : 'invoicePayment.void')}</h3>
        <p className="p-lead" role="status">{t(view === 'paid' ? 'invoicePayment.paidText' : 'invoicePayment.voidText', { number: p.InvoiceNumber })}</p>
        <div style={ACTIONS_STYLE}>{toBilling}</div>
      </div>
    );
  }
  const plan = findPlan(catalogFromSettings(settings), planUid ?? undefined);
  const errors: DisplayError[] = [
    ...(failed ? [{ code: 'Errors.PaymentInformationSetupFailed', message: t('invoicePayment.failed') }] : []),
    ...authenticate.errors, ...finish.errors,
  ];
  const busy = authenticate.busy || finish.busy;
  return (
    <div>
      {heading}
      {view === 'authenticate' && <p className="p-lead">{t('invoicePayment.lead')}</p>}
      <ul className="p-groups" aria-label={t('invoicePayment.invoice')}>
        <li className="p-group"><span className="p-muted">{t('invoicePayment.invoice')}</span><span className="p-group-value">{p.InvoiceNumber}</span></li>
        <li className="p-group"><span className="p-muted">{t('invoicePayment.amount')}</span><span className="p-group-value">{money(p)}</span></li>
        <li className="p-group"><span className="p-muted">{t('invoicePayment.for')}</span>
          <span className="p-group-value">{plan ? t('invoicePayment.forPlan', { plan: plan.Name }) : t('invoicePayment.forSubscription')}</span></li>
      </ul>
      <ErrorList errors={errors} />
      {finish.busy && <p className="p-muted" role="status">{t('invoicePayment.finishing')}</p>}
      {view === 'noAuthentication' && <p className="p-lead">{t('invoicePayment.noAuthentication')}</p>}
      <div style={ACTIONS_STYLE}>
        {view === 'authenticate' ? (
          <button type="button" className="p-btn p-btn-primary" aria-busy={busy || undefined} disabled={busy || !saved.data?.PaymentToken}
            onClick={() => void authenticate.run()}>
            {authenticate.busy ? t('invoicePayment.authenticating') : t('invoicePayment.authenticate')}
          </button>
        ) : (
          <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('updatePaymentInformation')}>{t('invoicePayment.updateCard')}</button>
        )}
        {toBilling}
      </div>
    </div>
  );
}
