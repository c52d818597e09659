/**
 * The one server-side interface every payment gateway implements (the built-in sandbox,
 * Stripe). Use cases talk to this and never to a provider's SDK, so the sign-up, checkout
 * and payment-information flows are the same code for every gateway (docs/payments.md).
 * Amounts are integer minor units, which is what providers call "the smallest currency
 * unit" (cents; whole yen for zero-decimal currencies), so no conversion happens here.
 */
export type GatewayName = 'sandbox' | 'stripe';
export type IntentKind = 'payment' | 'setup';
export type IntentStatus =
  | 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing'
  | 'requires_capture' | 'succeeded' | 'canceled';

/** Spec 1 section 3 "Payment information" values. */
export type PaymentMethodType = 'card' | 'au_becs_debit' | 'bacs_debit' | 'sepa_debit' | 'us_bank_account' | 'link' | 'ideal' | 'others';
export type CardType = 'amex' | 'disc' | 'mast' | 'visa';

export interface GatewayPaymentMethod {
  /** The gateway's id of the saved method (PaymentToken). */
  token: string;
  type: PaymentMethodType;
  cardType: CardType | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  nameOnCard: string | null;
  bankName: string | null;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  kind: IntentKind;
  status: IntentStatus;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  customerToken: string | null;
  captureMethod: 'automatic' | 'manual';
  paymentMethod: GatewayPaymentMethod | null;
  /** The provider's message for the last failed attempt ('Your card was declined.'). */
  lastError: string | null;
}

export interface CreateIntentRequest {
  kind: IntentKind;
  /** 0 for a setup intent. */
  amountMinor: number;
  currency: string;
  /** The gateway customer to save the method on; absent: the gateway makes a new customer. */
  customerToken?: string | undefined;
  email?: string | undefined;
  /** Sent to the provider so a retried request never makes a second intent. */
  idempotencyKey: string;
  /** Authorize on confirm and capture later (sign-up: capture only after the registration committed). */
  captureManually?: boolean | undefined;
}

/**
 * An off-session charge of a method the customer saved earlier (a plan change's prorated invoice,
 * docs/payments.md "Plan change payment"): made and confirmed by the merchant in one call, without
 * the customer in the loop. A decline is thrown as GatewayError('declined', provider message); a bank
 * that wants its customer to authenticate answers an intent in `requires_action` whose client secret
 * the widget completes (Stripe: `authentication_required`).
 */
export interface ChargeSavedMethodRequest {
  customerToken: string;
  /** The saved method's PaymentToken. */
  paymentMethodToken: string;
  amountMinor: number;
  currency: string;
  /** The same key answers the same intent (a replay never charges twice). */
  idempotencyKey: string;
  /** Authorize only; the caller captures after its own work committed. */
  captureManually: boolean;
}

/** What the browser needs to load the gateway's card entry. No secrets. */
export interface GatewayPublicConfig {
  gateway: GatewayName;
  publishableKey: string;
  /** Path on this server (sandbox) or absolute URL of the provider's script; null when the widget's npm loader fetches it (Stripe). */
  scriptUrl: string | null;
}

/** A verified provider notification, reduced to what Portico acts on. */
export interface GatewayEvent {
  id: string;
  /** The provider's own event type, e.g. payment_intent.succeeded. */
  type: string;
  intent: { id: string; kind: IntentKind; status: IntentStatus; lastError: string | null } | null;
}

export type GatewayErrorKind =
  /** The card or bank refused (declined, authentication failed): the provider's message is for the customer. */
  | 'declined'
  /** The request was refused (bad amount, wrong state): a bug or a stale intent. */
  | 'invalid'
  | 'not_found'
  /** Network, timeout, provider outage, bad credentials: nothing the customer can fix. */
  | 'unavailable'
  /** A webhook whose signature does not verify. */
  | 'signature';

export class GatewayError extends Error {
  constructor(readonly kind: GatewayErrorKind, message: string, readonly providerCode: string | null = null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  publicConfig(): GatewayPublicConfig;
  createIntent(request: CreateIntentRequest): Promise<GatewayIntent>;
  /** By the gateway's intent id (payment or setup, told apart by the id's prefix). */
  retrieveIntent(id: string): Promise<GatewayIntent>;
  /**
   * Charges a saved method off-session: `succeeded`, `requires_capture` (captureManually) or
   * `requires_action` (the bank asks the customer to authenticate: complete it with its client secret).
   * A declined card throws GatewayError('declined') with the provider's message. Same idempotency key:
   * the same intent back, never a second charge.
   */
  chargeSavedMethod(request: ChargeSavedMethodRequest): Promise<GatewayIntent>;
  /** Cancels a payment intent that is not yet paid (an authorization is released). */
  cancelIntent(id: string): Promise<GatewayIntent>;
  /** Captures an authorized (requires_capture) payment intent. */
  captureIntent(id: string): Promise<GatewayIntent>;
  /** Removes a saved method from its customer; a method already gone is not an error. */
  detachPaymentMethod(token: string): Promise<void>;
  /** Verifies a notification's signature over the raw body; throws GatewayError('signature') when it does not verify. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;

  // Payment-provider billing (billing.system Stripe; docs/payments.md "Provider billing"): the
  // provider's own invoices, subscriptions and customer portal, in provider-neutral shapes.
  /** The customer's invoices, newest period first; `startingAfter` is the last id of the page before. */
  listInvoices(customerToken: string, page: { limit: number; startingAfter?: string | undefined }): Promise<GatewayList<GatewayInvoice>>;
  /** Every subscription of the customer, whatever its status. */
  listSubscriptions(customerToken: string): Promise<GatewaySubscription[]>;
  /**
   * A session of the provider's hosted customer portal for one of its customers, returning to
   * `returnUrl` (already checked against the company's origins): Stripe's, or the sandbox's plain page.
   */
  createPortalSession(customerToken: string, returnUrl: string): Promise<{ url: string }>;
}

/** One page of a provider's list (cursor paging, as providers page). */
export interface GatewayList<T> {
  items: T[];
  hasMore: boolean;
}

export type GatewayInvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

/** An invoice the provider wrote (spec 2 section 3 "Invoice (provider)"). */
export interface GatewayInvoice {
  id: string;
  /** ISO 4217, upper case. */
  currency: string;
  totalMinor: number;
  status: GatewayInvoiceStatus;
  periodStart: Date;
  /** The provider's printable invoice (PDF at Stripe, a page at the sandbox); null while a draft. */
  pdfUrl: string | null;
}

export type GatewaySubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid' | 'paused';

/** A subscription at the provider (spec 2 section 3 "Provider subscription record"). */
export interface GatewaySubscription {
  id: string;
  status: GatewaySubscriptionStatus;
  startDate: Date;
  /** When it ended (canceled); null while it runs. */
  endDate: Date | null;
  currentPeriodEnd: Date | null;
  /** When a scheduled cancellation takes effect; null when none is scheduled. */
  cancelAt: Date | null;
  items: GatewaySubscriptionItem[];
}

export interface GatewaySubscriptionItem {
  productName: string;
  /** The price per unit and interval, minor units. */
  unitAmountMinor: number;
  currency: string;
  /** day, week, month, year; null for a one-time price. */
  interval: string | null;
  quantity: number;
}

const SECRET_SHAPE = /^((?:pi|seti)_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/;

/**
 * The intent id inside a client secret (`pi_123_secret_abc` → `pi_123`), the format Stripe and
 * the sandbox share; null for anything else. The id alone proves nothing: callers compare the
 * whole secret with the one the gateway returns.
 */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  return SECRET_SHAPE.exec(clientSecret)?.[1] ?? null;
}
