import Stripe from 'stripe';
import {
  GatewayError, type CardType, type ChargeSavedMethodRequest, type CreateIntentRequest, type GatewayEvent, type GatewayIntent, type GatewayInvoice, type GatewayInvoiceStatus, type GatewayPaymentMethod,
  type GatewaySubscription, type GatewaySubscriptionStatus, type IntentStatus, type PaymentGateway, type PaymentMethodType,
} from '../payment-gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** The company's currency: Stripe's setup intents carry none, ours report this one. */
  currency: string;
  /** Where the API is (tests point it at a local server answering recorded responses). */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

const CARD_TYPE: Record<string, CardType> = { visa: 'visa', mastercard: 'mast', amex: 'amex', discover: 'disc' };
const METHOD_TYPES = new Set<PaymentMethodType>(['card', 'au_becs_debit', 'bacs_debit', 'sepa_debit', 'us_bank_account', 'link', 'ideal']);
const EXPAND = ['payment_method'];

function methodOf(pm: string | Stripe.PaymentMethod | null): GatewayPaymentMethod | null {
  if (!pm) return null;
  if (typeof pm === 'string') return { token: pm, type: 'others', cardType: null, last4: null, expMonth: null, expYear: null, nameOnCard: null, bankName: null };
  const type = METHOD_TYPES.has(pm.type as PaymentMethodType) ? (pm.type as PaymentMethodType) : 'others';
  const bank = pm.us_bank_account ?? null;
  return {
    token: pm.id, type,
    cardType: pm.card ? CARD_TYPE[pm.card.brand] ?? null : null,
    last4: pm.card?.last4 ?? pm.sepa_debit?.last4 ?? bank?.last4 ?? pm.au_becs_debit?.last4 ?? pm.bacs_debit?.last4 ?? null,
    expMonth: pm.card?.exp_month ?? null,
    expYear: pm.card?.exp_year ?? null,
    nameOnCard: pm.billing_details?.name ?? null,
    bankName: bank?.bank_name ?? null,
  };
}

const customerId = (c: string | { id: string } | null) => (c === null ? null : typeof c === 'string' ? c : c.id);

function fromPaymentIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id, clientSecret: pi.client_secret ?? '', kind: 'payment', status: pi.status as IntentStatus,
    amountMinor: pi.amount, currency: pi.currency.toUpperCase(), customerToken: customerId(pi.customer),
    captureMethod: pi.capture_method === 'manual' ? 'manual' : 'automatic',
    paymentMethod: methodOf(pi.payment_method), lastError: pi.last_payment_error?.message ?? null,
  };
}

function fromSetupIntent(si: Stripe.SetupIntent, currency: string): GatewayIntent {
  return {
    id: si.id, clientSecret: si.client_secret ?? '', kind: 'setup', status: si.status as IntentStatus,
    amountMinor: 0, currency, customerToken: customerId(si.customer), captureMethod: 'automatic',
    paymentMethod: methodOf(si.payment_method), lastError: si.last_setup_error?.message ?? null,
  };
}

const INVOICE_STATUSES = new Set<GatewayInvoiceStatus>(['draft', 'open', 'paid', 'uncollectible', 'void']);
const fromUnix = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000) : null);

function fromInvoice(inv: Stripe.Invoice): GatewayInvoice {
  return {
    id: inv.id ?? '', currency: inv.currency.toUpperCase(), totalMinor: inv.total, status: INVOICE_STATUSES.has(inv.status as GatewayInvoiceStatus) ? inv.status as GatewayInvoiceStatus : 'draft',
    periodStart: new Date(inv.period_start * 1000), pdfUrl: inv.invoice_pdf ?? null,
  };
}

/** Product names come from products.list (a subscription's items name their product by id; expanding it would pass Stripe's four levels). */
function fromSubscription(sub: Stripe.Subscription, productNames: ReadonlyMap<string, string>): GatewaySubscription {
  const items = sub.items.data;
  // Since API version 2025-03-31 the period is on each item; the subscription's is the latest of them.
  const periodEnds = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  return {
    id: sub.id, status: sub.status as GatewaySubscriptionStatus, startDate: new Date(sub.start_date * 1000),
    endDate: fromUnix(sub.ended_at), currentPeriodEnd: periodEnds.length ? new Date(Math.max(...periodEnds) * 1000) : null,
    cancelAt: fromUnix(sub.cancel_at),
    items: items.map((i) => {
      const product = i.price.product;
      const productId = typeof product === 'string' ? product : product.id;
      const name = typeof product !== 'string' && 'name' in product ? product.name : productNames.get(productId);
      return {
        productName: name ?? i.price.nickname ?? productId, unitAmountMinor: i.price.unit_amount ?? 0,
        currency: i.price.currency.toUpperCase(), interval: i.price.recurring?.interval ?? null, quantity: i.quantity ?? 1,
      };
    }),
  };
}

/** Stripe's error classes onto the gateway's kinds (docs.stripe.com/api/errors). */
function gatewayErrorOf(err: unknown): unknown {
  const e = err as { type?: string; code?: string; decline_code?: string; message?: string };
  if (typeof e?.type !== 'string' || !e.type.startsWith('Stripe')) return err;
  const message = e.message ?? 'Stripe refused the request.';
  // A card error's decline_code (lost_card, insufficient_funds…) is what tells a hard decline from a soft one (dunning, issue 17);
  // its code is 'card_declined' for nearly all of them.
  if (e.type === 'StripeCardError') return new GatewayError('declined', message, e.decline_code ?? e.code ?? null, { cause: err });
  if (e.type === 'StripeInvalidRequestError' && e.code === 'resource_missing') return new GatewayError('not_found', message, e.code, { cause: err });
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeIdempotencyError') return new GatewayError('invalid', message, e.code ?? null, { cause: err });
  if (e.type === 'StripeSignatureVerificationError') return new GatewayError('signature', message, null, { cause: err });
  return new GatewayError('unavailable', message, e.code ?? null, { cause: err });
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw gatewayErrorOf(err);
  }
}

/**
 * Stripe behind the gateway interface (docs/payments.md "Stripe"). Payment intents save the method
 * for later off-session charges (renewals); sign-up payments are authorized and captured after the
 * registration commits. Amounts are Stripe's "smallest currency unit", which is our minor unit for
 * every currency we accept (zero-decimal ones included).
 */
export function stripeGateway(opts: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'Portico' },
    ...(opts.api ? { host: opts.api.host, port: opts.api.port, protocol: opts.api.protocol } : {}),
  });
  const defaultCurrency = opts.currency.toUpperCase();
  const isSetup = (id: string) => id.startsWith('seti_');

  return {
    name: 'stripe',
    publicConfig: () => ({ gateway: 'stripe', publishableKey: opts.publishableKey, scriptUrl: null }),

    async createIntent(req: CreateIntentRequest): Promise<GatewayIntent> {
      const customer = req.customerToken ?? (await call(() => stripe.customers.create(
        req.email ? { email: req.email } : {}, { idempotencyKey: `${req.idempotencyKey}:customer` },
      ))).id;
      if (req.kind === 'setup') {
        const si = await call(() => stripe.setupIntents.create({
          customer, usage: 'off_session', automatic_payment_methods: { enabled: true }, expand: EXPAND,
        }, { idempotencyKey: req.idempotencyKey }));
        return fromSetupIntent(si, defaultCurrency);
      }
      const pi = await call(() => stripe.paymentIntents.create({
        amount: req.amountMinor, currency: req.currency.toLowerCase(), customer,
        setup_future_usage: 'off_session', capture_method: req.captureManually ? 'manual' : 'automatic',
        automatic_payment_methods: { enabled: true }, expand: EXPAND,
      }, { idempotencyKey: req.idempotencyKey }));
      return fromPaymentIntent(pi);
    },

    async chargeSavedMethod(req: ChargeSavedMethodRequest): Promise<GatewayIntent> {
      try {
        const pi = await stripe.paymentIntents.create({
          amount: req.amountMinor, currency: req.currency.toLowerCase(), customer: req.customerToken, payment_method: req.paymentMethodToken,
          confirm: true, off_session: true, capture_method: req.captureManually ? 'manual' : 'automatic', expand: EXPAND,
        }, { idempotencyKey: req.idempotencyKey });
        return fromPaymentIntent(pi);
      } catch (err) {
        // The bank wants its customer (docs.stripe.com/payments/save-and-reuse "authentication_required"): the error carries the
        // intent, which the customer completes on-session with the same saved method (the widget's 'Authenticate your payment').
        const e = err as { type?: string; code?: string; payment_intent?: Stripe.PaymentIntent };
        if (e?.type === 'StripeCardError' && e.code === 'authentication_required' && e.payment_intent) {
          return { ...fromPaymentIntent(e.payment_intent), status: 'requires_action' };
        }
        throw gatewayErrorOf(err);
      }
    },

    async retrieveIntent(id: string): Promise<GatewayIntent> {
      if (isSetup(id)) return fromSetupIntent(await call(() => stripe.setupIntents.retrieve(id, { expand: EXPAND })), defaultCurrency);
      return fromPaymentIntent(await call(() => stripe.paymentIntents.retrieve(id, { expand: EXPAND })));
    },

    async cancelIntent(id: string): Promise<GatewayIntent> {
      if (isSetup(id)) return fromSetupIntent(await call(() => stripe.setupIntents.cancel(id, { expand: EXPAND })), defaultCurrency);
      return fromPaymentIntent(await call(() => stripe.paymentIntents.cancel(id, { expand: EXPAND })));
    },

    async captureIntent(id: string): Promise<GatewayIntent> {
      return fromPaymentIntent(await call(() => stripe.paymentIntents.capture(id, { expand: EXPAND })));
    },

    async detachPaymentMethod(token: string): Promise<void> {
      try {
        await call(() => stripe.paymentMethods.detach(token));
      } catch (err) {
        // Already detached or deleted at Stripe: the outcome the caller wanted.
        if (!(err instanceof GatewayError && (err.kind === 'not_found' || err.kind === 'invalid'))) throw err;
      }
    },

    async createPortalSession(customerToken: string, returnUrl: string): Promise<{ url: string }> {
      // The portal's look and what it offers are set in the Stripe dashboard (its default configuration).
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: customerToken, return_url: returnUrl }));
      return { url: session.url };
    },

    async listInvoices(customerToken, page) {
      const list = await call(() => stripe.invoices.list({
        customer: customerToken, limit: page.limit, ...(page.startingAfter ? { starting_after: page.startingAfter } : {}),
      }));
      return { items: list.data.map(fromInvoice), hasMore: list.has_more };
    },

    async listSubscriptions(customerToken) {
      // status 'all' includes canceled ones, which the billing screen lists without a renewal date.
      const list = await call(() => stripe.subscriptions.list({ customer: customerToken, status: 'all', limit: 100 }));
      const ids = [...new Set(list.data.flatMap((s) => s.items.data.map((i) => i.price.product)).filter((p): p is string => typeof p === 'string'))];
      const names = new Map<string, string>();
      if (ids.length) {
        const products = await call(() => stripe.products.list({ ids, limit: 100 }));
        for (const p of products.data) names.set(p.id, p.name);
      }
      return list.data.map((s) => fromSubscription(s, names));
    },

    parseWebhook(rawBody: Buffer, headers): GatewayEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new GatewayError('signature', 'No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new GatewayError('signature', 'The Stripe-Signature does not verify.', null, { cause: err });
      }
      const object = (event.data as { object?: { object?: string } }).object;
      if (object?.object === 'payment_intent') {
        const pi = fromPaymentIntent(object as unknown as Stripe.PaymentIntent);
        return { id: event.id, type: event.type, intent: { id: pi.id, kind: 'payment', status: pi.status, lastError: pi.lastError } };
      }
      if (object?.object === 'setup_intent') {
        const si = fromSetupIntent(object as unknown as Stripe.SetupIntent, defaultCurrency);
        return { id: event.id, type: event.type, intent: { id: si.id, kind: 'setup', status: si.status, lastError: si.lastError } };
      }
      return { id: event.id, type: event.type, intent: null };
    },
  };
}
