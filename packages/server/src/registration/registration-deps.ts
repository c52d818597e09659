import type { AccessTokens } from '../auth/access-tokens.ts';
import type { AuthConfig } from '../auth/auth-config.ts';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { VerifyGoogleIdToken } from '../google/verify-google-id-token.ts';
import type { Caller } from '../http/caller.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';

/** A completed intent the gateway confirmed for this sign-up's amount (opaque to registration). */
export interface VerifiedSignupPayment {
  readonly intentRowUid: string;
  /** The card (or bank account) the customer completed the intent with: what the confirmation and the receipt name. */
  readonly paymentMethod: { readonly cardType: string | null; readonly last4: string | null; readonly bankName: string | null };
}

/** The intent marked used and the account's payment information and payment rows written. */
export interface ConsumedSignupPayment {
  readonly paymentInformationUid: string;
}

/**
 * How registration pays, around its transaction (payments/consume-signup-payment.ts): check the
 * intent before, consume it inside, capture after the commit, release it after a rollback.
 */
export interface SignupPayments {
  verify(req: { clientSecret: string; expectedAmountMinor: number; currency: string }): Promise<VerifiedSignupPayment>;
  /**
   * Inside the transaction. `onPaid`: outbox messages stored with the payment and written in the transaction
   * that books the money, only when that makes the invoice Paid (the receipt mail: once, and never for a
   * capture the gateway refused), whether the request's settle or payment recovery books it.
   */
  consume(
    repos: UnitOfWork, verified: VerifiedSignupPayment,
    ctx: { accountUid: string; invoiceUid: string | null; at: Date; onPaid?: readonly { topic: OutboxTopic; payload: unknown }[] },
  ): Promise<ConsumedSignupPayment>;
  /** After the commit: capture and book the money on the invoice (a crash before it: payment recovery does it). */
  settle(consumed: ConsumedSignupPayment): Promise<void>;
  /** After a rollback: cancel the authorization, unless another request consumed the intent meanwhile. */
  release(verified: VerifiedSignupPayment): Promise<void>;
  /** A sign-up intent the customer could not complete (declined card): cancel it, quietly. */
  abandon(caller: Caller, clientSecret: string): Promise<void>;
}

/** What the registration use cases are given (passed in, never imported). */
export interface RegistrationDeps {
  billing: BillingDeps;
  uow: UnitOfWork;
  captcha: Pick<CaptchaVerifier, 'verify'>;
  verifyGoogleIdToken: VerifyGoogleIdToken;
  payments: SignupPayments;
  mailer: Pick<Mailer, 'kind'>;
  /** Whether a sign-up webhook is configured (the outbox message is written only then). */
  signupWebhookConfigured: boolean;
  /** Origins a confirmation link may point to: the config's site origins and the server's own. */
  allowedOrigins: ReadonlySet<string>;
  /** Looks at the outbox now (after a commit that enqueued mail or a webhook). */
  wakeOutbox(): void;
  /** Sessions and access tokens: the confirm-and-sign-in link signs the person in (confirm-email.ts). */
  auth: AuthConfig;
  tokens: AccessTokens;
}
