import { cancelIntent } from '../payments/cancel-intent.ts';
import {
  consumeSignupPayment, releaseSignupPayment, settleSignupPayment, verifySignupPayment,
  type ConsumedSignupPayment, type VerifiedSignupPayment,
} from '../payments/consume-signup-payment.ts';
import { holdAfterSignupCommit } from '../payments/hold-after-signup-commit.ts';
import type { PaymentsDeps } from '../payments/payments-deps.ts';
import type { SignupPayments } from './registration-deps.ts';

/** Registration's payment steps over the configured gateway (payments/consume-signup-payment.ts). */
export function signupPayments(deps: PaymentsDeps): SignupPayments {
  // Tests only (the kill test): stop between the commit and the capture. Null everywhere else.
  const hold = holdAfterSignupCommit();
  return {
    verify: (req) => verifySignupPayment(deps, req),
    consume: (repos, verified, ctx) => consumeSignupPayment(repos, verified as VerifiedSignupPayment, ctx),
    async settle(consumed) {
      const c = consumed as ConsumedSignupPayment;
      if (hold && c.payment?.needsCapture) await hold(c.payment.uid);
      await settleSignupPayment(deps, c);
    },
    async release(verified) {
      const v = verified as VerifiedSignupPayment;
      // A twin request that lost the nonce race must not cancel the authorization the winner is about to capture.
      const row = await deps.store.payments.findIntent(v.gateway, v.intent.id);
      if (row?.consumed) return;
      await releaseSignupPayment(deps, v);
    },
    async abandon(caller, clientSecret) {
      // Best effort: the customer sees the decline either way, and the widget cancels too (spec 1 section 4).
      await cancelIntent(deps, caller, clientSecret).catch(() => undefined);
    },
  };
}
