import { createHash } from 'node:crypto';
import {
  GatewayError, type ChargeSavedMethodRequest, type CreateIntentRequest, type GatewayEvent, type GatewayIntent, type GatewayPaymentMethod,
  type GatewayPublicConfig, type IntentStatus, type PaymentGateway, type CardType,
} from '../payment-gateway.ts';
import { CARD_BEHAVIORS, declineOf, type CardBehavior } from './sandbox-cards.ts';
import { sandboxClientSecret, sandboxId, sandboxPublishableKey } from './sandbox-ids.ts';
import type { SandboxIntentRow, SandboxMethodRow, SandboxRepository } from './sandbox.repository.ts';
import { sandboxBilling } from './sandbox-billing.ts';

/** Where the browser script is served (server-relative; the widget resolves it against the API's origin). */
export const SANDBOX_SCRIPT_PATH = '/js/v1';

const CANCELLABLE: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];

export function methodOf(row: SandboxMethodRow): GatewayPaymentMethod {
  return {
    token: row.id, type: 'card', cardType: row.brand as CardType, last4: row.last4,
    expMonth: row.expMonth, expYear: row.expYear, nameOnCard: row.nameOnCard, bankName: null,
  };
}

/**
 * The built-in gateway (docs/payments.md "Sandbox"): behaves like a provider's test mode over its
 * own tables. This is its server-side API; sandbox-provider.ts is the side the browser talks to.
 */
export function sandboxGateway(repo: SandboxRepository, opts: { companyUid: string }): PaymentGateway {
  /** `known`: the intent's method when the caller holds it already (an off-session charge), saving a read. */
  const toIntent = async (row: SandboxIntentRow, known?: SandboxMethodRow): Promise<GatewayIntent> => {
    const method = known?.id === row.paymentMethodId ? known : row.paymentMethodId ? await repo.getMethod(row.paymentMethodId) : null;
    return {
      id: row.id, clientSecret: row.clientSecret, kind: row.kind as GatewayIntent['kind'], status: row.status as IntentStatus,
      amountMinor: row.amount, currency: row.currency, customerToken: row.customerId,
      captureMethod: row.captureMethod === 'manual' ? 'manual' : 'automatic',
      paymentMethod: method ? methodOf(method) : null, lastError: row.lastError,
    };
  };
  const load = async (id: string) => {
    const row = await repo.getIntent(id);
    if (!row) throw new GatewayError('not_found', `No such intent: '${id}'`, 'resource_missing');
    return row;
  };

  const billing = sandboxBilling(repo);
  /** A replayed off-session decline answers the first one's code too (dunning tells hard from soft by it): the saved method's card decides it again. */
  const replayedDecline = async (row: SandboxIntentRow, message: string): Promise<GatewayError> => {
    const method = row.paymentMethodId ? await repo.getMethod(row.paymentMethodId) : null;
    const code = method ? declineOf(method.behavior as CardBehavior)?.code ?? 'card_declined' : 'card_declined';
    return new GatewayError('declined', message, code);
  };

  return {
    name: 'sandbox',
    publicConfig(): GatewayPublicConfig {
      return { gateway: 'sandbox', publishableKey: sandboxPublishableKey(opts.companyUid), scriptUrl: SANDBOX_SCRIPT_PATH };
    },
    async createIntent(req: CreateIntentRequest): Promise<GatewayIntent> {
      if (req.kind === 'payment' && !(Number.isInteger(req.amountMinor) && req.amountMinor > 0)) {
        throw new GatewayError('invalid', 'A payment intent needs a positive whole amount in minor units.', 'parameter_invalid_integer');
      }
      const id = sandboxId(req.kind === 'payment' ? 'pi' : 'seti');
      // Like a provider, the sandbox does not check the idempotency key's reuse; each create is a new intent.
      const row = await repo.insertIntent({
        id, clientSecret: sandboxClientSecret(id), kind: req.kind, amount: req.kind === 'payment' ? req.amountMinor : 0,
        currency: req.currency.toUpperCase(), customerId: req.customerToken ?? sandboxId('cus'), status: 'requires_payment_method',
        captureMethod: req.kind === 'payment' && req.captureManually ? 'manual' : 'automatic',
      });
      return toIntent(row);
    },
    /**
     * An off-session charge of a saved method (sandbox_intents.off_session): the method's test card
     * decides, as at a provider. Unlike createIntent, the idempotency key is honoured (the intent's
     * id is derived from it), as a provider replays a confirmed charge: the same key answers the same
     * intent, or the same decline, and never charges twice.
     */
    async chargeSavedMethod(req: ChargeSavedMethodRequest): Promise<GatewayIntent> {
      if (!(Number.isInteger(req.amountMinor) && req.amountMinor > 0)) {
        throw new GatewayError('invalid', 'A payment intent needs a positive whole amount in minor units.', 'parameter_invalid_integer');
      }
      const currency = req.currency.toUpperCase();
      const id = `pi_sbx_off${createHash('sha256').update(`${opts.companyUid}:${req.idempotencyKey}`).digest('hex').slice(0, 24)}`;
      const replay = async (row: SandboxIntentRow): Promise<GatewayIntent> => {
        if (row.amount !== req.amountMinor || row.currency !== currency || row.customerId !== req.customerToken) {
          throw new GatewayError('invalid', 'Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_key_in_use');
        }
        if (row.status === 'requires_payment_method' && row.lastError) throw await replayedDecline(row, row.lastError);
        return toIntent(row);
      };
      const manual = req.captureManually;
      // Every card behavior's outcome, so one statement reads the saved method and writes the intent and
      // charge its card decides (sandbox.repository.ts chargeOffSession): one round trip per charge, as
      // a provider's one API call. A twin with the same key that wrote first is answered by the replay.
      const outcomes = Object.fromEntries(CARD_BEHAVIORS.map((behavior) => {
        const decline = declineOf(behavior);
        const status: IntentStatus = decline ? 'requires_payment_method' : behavior === 'authenticate' ? 'requires_action' : manual ? 'requires_capture' : 'succeeded';
        return [behavior, { status, lastError: decline?.message ?? null, chargeStatus: behavior === 'authenticate' ? null : decline ? 'failed' : manual ? 'authorized' : 'succeeded' }];
      }));
      const { method, intent } = await repo.chargeOffSession({
        id, clientSecret: sandboxClientSecret(id), chargeId: sandboxId('ch'), amount: req.amountMinor, currency, customerId: req.customerToken,
        paymentMethodId: req.paymentMethodToken, captureMethod: manual ? 'manual' : 'automatic',
      }, outcomes);
      if (!method) {
        const earlier = await repo.getIntent(id);
        if (earlier) return replay(earlier); // the method was removed after the charge: still that charge's answer
        throw new GatewayError('invalid', `No such PaymentMethod: '${req.paymentMethodToken}' on customer '${req.customerToken}'.`, 'resource_missing');
      }
      if (!intent) return replay(await load(id)); // a twin with the same key made it first
      // The saved method stays on the customer (an off-session decline does not detach it).
      const decline = declineOf(method.behavior as CardBehavior);
      if (decline) throw new GatewayError('declined', decline.message, decline.code);
      return toIntent(intent, method);
    },
    async retrieveIntent(id: string): Promise<GatewayIntent> {
      return toIntent(await load(id));
    },
    async cancelIntent(id: string): Promise<GatewayIntent> {
      const current = await load(id);
      if (current.status === 'canceled') return toIntent(current);
      const row = await repo.settleIntent(id, CANCELLABLE, 'canceled');
      if (!row) {
        const now = await load(id);
        if (now.status === 'canceled') return toIntent(now); // a concurrent cancel won: the outcome asked for
        throw new GatewayError('invalid', `You cannot cancel this intent because it has a status of ${now.status}.`, 'intent_unexpected_state');
      }
      return toIntent(row);
    },
    async captureIntent(id: string): Promise<GatewayIntent> {
      const current = await load(id);
      if (current.status === 'succeeded') return toIntent(current);
      // Intent and charge move in one transaction of the sandbox's own, so a caller dying right after
      // (or mid-way) never leaves a capture half recorded; a second capture finds it 'succeeded' above.
      const row = await repo.settleIntent(id, ['requires_capture'], 'succeeded');
      if (!row) {
        const now = await load(id);
        if (now.status === 'succeeded') return toIntent(now); // a concurrent capture won: captured once
        throw new GatewayError('invalid', `This intent could not be captured because it has a status of ${now.status}.`, 'intent_unexpected_state');
      }
      return toIntent(row);
    },
    async detachPaymentMethod(token: string): Promise<void> {
      await repo.detachMethod(token);
    },
    parseWebhook(): GatewayEvent {
      throw new GatewayError('signature', 'The sandbox gateway sends no webhooks.');
    },

    // Provider billing (sandbox-billing.ts): links are server-relative paths of the sandbox's pages.
    listInvoices: (customerToken, page) => billing.listInvoices(customerToken, page),
    listSubscriptions: (customerToken) => billing.listSubscriptions(customerToken),
    createPortalSession: (customerToken, returnUrl) => billing.createPortalSession(customerToken, returnUrl),
  };
}
