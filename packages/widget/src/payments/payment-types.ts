import type { RequestBody, ResponseBody, Operation } from '../api/api-types.ts';
import type { DisplayError } from '../components/error-list-logic.ts';

/** Spec 9 "Payment-form change debounce": completeness is reported this long after the last change. */
export const COMPLETENESS_DEBOUNCE_MS = 500;

/** The server's intent (spec 1 section 3 "Payment intent"), as POST …/paymentinformation/intent answers it. */
export type PaymentIntent = ResponseBody<Operation<'post', '/api/v1/billing/paymentinformation/intent'>>;
export type IntentBody = RequestBody<Operation<'post', '/api/v1/billing/paymentinformation/intent'>>;

/** What an intent pays: a sign-up draft (priced by the server), or an existing account. */
export interface PaymentIntentRequest {
  intentType: 'setup' | 'payment' | 'auth';
  accountUid?: string | undefined;
  /** The subscription draft as compute-charge-summary takes it (chargeRequestBody). */
  subscription?: IntentBody['Subscription'];
  email?: string | undefined;
}

/**
 * Spec 1 section 3 "Payment result sent back": what the checkout sends with the registration
 * (PaymentInformation.PaymentClientSecret) or saves (POST /billing/paymentinformation).
 */
export interface PaymentResult {
  NameOnCard: string | null;
  CustomerToken: string | null;
  PaymentClientSecret: string;
  PaymentToken: string | null;
  mode: 'enter' | 'authenticate';
}

/** How one confirm ended. */
export type PaymentOutcome =
  | { kind: 'done'; result: PaymentResult }
  /** The bank wants extra authentication: the entry now shows 'Authenticate your payment'. */
  | { kind: 'authenticate' }
  /** Declined, invalid, incomplete or unreachable: already shown by the entry (the screen need not list them again). */
  | { kind: 'failed'; errors: DisplayError[] }
  /** 429 on the intent or setup-failure call: spec 1 section 8 hides the card form. */
  | { kind: 'hidden' };

/** What a screen holds to submit: the entry's confirm step (checkout submit step 2). */
export interface PaymentController {
  confirm(): Promise<PaymentOutcome>;
  /** Gives the intent up (spec 1 section 4 "On any failure the payment intent is cancelled"). */
  cancel(): Promise<void>;
}

/** What both gateway implementations receive from the PaymentEntry shell. */
export interface GatewayEntryProps {
  intent: PaymentIntent;
  publishableKey: string;
  /** The host page the authentication step returns to. */
  returnUrl: string;
  /** Stripe: collect the billing address too (tax on, and the account has no billing country). */
  collectAddress: boolean;
  /** Completeness, reported 500 ms after the last change (spec 9 "Payment-form change debounce"). */
  onComplete(complete: boolean): void;
  /** The implementation's confirm step, registered once it can run. */
  register(confirm: (() => Promise<GatewayConfirm>) | null): void;
  /** Server origin (the sandbox script is served there). */
  server: string;
}

/** What a gateway's confirm reports to the shell. */
export type GatewayConfirm =
  | { status: 'succeeded'; paymentToken: string | null; nameOnCard: string | null }
  | { status: 'requires_action'; authenticate: () => void }
  /** `atFields`: the form already shows them beside its fields (local rules), so the shell does not list them again. */
  | { status: 'failed'; errors: DisplayError[]; atFields?: boolean };
