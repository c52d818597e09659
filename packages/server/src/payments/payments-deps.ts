import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { SubscriptionInput } from '../billing/billing.schemas.ts';
import type { Caller } from '../http/caller.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/** What the payment use cases are given (passed in, never imported). */
export interface PaymentsDeps {
  config: CompanyConfig;
  clock: ServerClock;
  gateway: PaymentGateway;
  /** The app's unit of work: `store.payments` is this feature's repository, `store.transaction` one commit. */
  store: UnitOfWork;
  /** Due now of a new subscription in minor units: billing's charge summary, never an amount the client sent. */
  signupDueNow(subscription: SubscriptionInput): Promise<number>;
  /** Due now of changing an existing subscription (billing's change preview, which checks the caller may manage it). */
  changeDueNow(caller: Caller, subscriptionUid: string, subscription: SubscriptionInput): Promise<number>;
  /** The account's next payment above zero (billing's next-payment.ts) and the plan it pays for; null when nothing more is charged. */
  paymentToCome(accountUid: string): Promise<{ total: number; planName: string } | null>;
  /** Looks at the outbox now (after a commit that wrote messages: a saved card's retry of invoices in dunning). */
  wakeOutbox?: (() => void) | undefined;
}
