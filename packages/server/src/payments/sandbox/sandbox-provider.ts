import { ErrorCode, type FieldError } from '@portico/core';
import { cardDigits, cardTypeOf, parseExpiration, validateCardForm } from '@portico/core/payments/card-rules';
import { AppError, fieldError, validationError } from '../../http/app-error.ts';
import { requireSiteUrl } from '../../http/site-url.ts';
import type { ServerClock } from '../../clock/server-clock.ts';
import { declineOf, passesLuhn, SANDBOX_MESSAGES, SAVES_THEN_DECLINES, TEST_CARDS, type CardBehavior } from './sandbox-cards.ts';
import { sandboxId, sandboxPublishableKey } from './sandbox-ids.ts';
import type { SandboxIntentRow, SandboxRepository } from './sandbox.repository.ts';

/**
 * The sandbox's browser-facing side (what a provider's own servers do for its script):
 * tokenize a card, confirm an intent with it, and the authentication step. Errors use
 * Portico's one error shape; the script (/js/v1) turns them into provider-style results.
 */
export interface SandboxProviderDeps {
  repo: SandboxRepository;
  clock: ServerClock;
  companyUid: string;
  /** Origins a return_url may point at: the company's sites and this server's own. */
  allowedOrigins: ReadonlySet<string>;
}

export interface TokenRequest {
  api_login_id: string;
  card_number: string;
  expire_month: string;
  expire_year: string;
  cvv: string;
  name_on_card?: string | undefined;
}

/** Spec 1 section 3 "Card token request": the response fields. */
export interface TokenAnswer {
  card_type: string;
  expire_year: string;
  expire_month: string;
  onetime_token: string;
  last_4: string;
}

export interface IntentView {
  id: string;
  object: 'payment_intent' | 'setup_intent';
  status: string;
  amount: number;
  currency: string;
  last_error: string | null;
  /** Set while the intent waits for the authentication step. */
  next_action: { type: 'redirect_to_url'; redirect_url: string } | null;
}

const FIELD_OF: Record<string, string> = { NameOnCard: 'name_on_card', CardNumber: 'card_number', Expiration: 'expire_month', Cvv: 'cvv' };

export const authenticatePath = (clientSecret: string) => `/sandbox/v1/authenticate?client_secret=${encodeURIComponent(clientSecret)}`;

export function intentView(row: SandboxIntentRow): IntentView {
  return {
    id: row.id, object: row.kind === 'setup' ? 'setup_intent' : 'payment_intent', status: row.status,
    amount: row.amount, currency: row.currency.toLowerCase(), last_error: row.lastError,
    next_action: row.status === 'requires_action' ? { type: 'redirect_to_url', redirect_url: authenticatePath(row.clientSecret) } : null,
  };
}

export function sandboxProvider(deps: SandboxProviderDeps) {
  const { repo } = deps;
  const bySecret = async (clientSecret: string) => {
    const row = await repo.getIntentBySecret(clientSecret);
    if (!row) throw new AppError(ErrorCode.PaymentIntentNotFound, 'No such intent for this client secret.');
    return row;
  };
  /** A confirmed (and, where needed, authenticated) intent: set up, authorized or paid. */
  const complete = async (row: SandboxIntentRow, from: readonly string[]) => {
    const manual = row.kind === 'payment' && row.captureMethod === 'manual';
    const status = row.kind === 'setup' ? 'succeeded' : manual ? 'requires_capture' : 'succeeded';
    const done = await repo.updateIntent(row.id, from, { status, lastError: null });
    if (!done) throw new AppError(ErrorCode.Conflict, 'This intent was confirmed or cancelled meanwhile.');
    if (row.kind === 'payment') {
      await repo.insertCharge({ id: sandboxId('ch'), intentId: row.id, amount: row.amount, currency: row.currency, paymentMethodId: row.paymentMethodId!, status: manual ? 'authorized' : 'succeeded' });
    }
    return done;
  };

  return {
    async createToken(req: TokenRequest): Promise<TokenAnswer> {
      if (req.api_login_id !== sandboxPublishableKey(deps.companyUid)) {
        throw validationError([fieldError('api_login_id', ErrorCode.InvalidValue, 'Unknown api_login_id: use the publishable key from /billing/paymentinformation/configuration.')]);
      }
      const month = req.expire_month.trim().padStart(2, '0');
      const expiration = `${month}/${req.expire_year.trim()}`;
      const rules = validateCardForm({
        NameOnCard: req.name_on_card ?? 'Card Holder', CardNumber: req.card_number, Expiration: expiration, Cvv: req.cvv,
      }, deps.clock.now());
      const errors: FieldError[] = rules.map((e) => ({ ...e, Field: FIELD_OF[e.Field] ?? e.Field }));
      if (errors.length) throw validationError(errors);
      // Core's parser also reads a 2-digit year (as 20YY): keep and answer the 4-digit year.
      const expiry = parseExpiration(expiration)!;
      const digits = cardDigits(req.card_number.trim());
      if (!passesLuhn(digits)) throw validationError([fieldError('card_number', ErrorCode.CardNumberInvalid, SANDBOX_MESSAGES.incorrectNumber)], ErrorCode.CardNumberInvalid);
      const behavior = TEST_CARDS[digits];
      if (!behavior) throw new AppError(ErrorCode.CardDeclined, SANDBOX_MESSAGES.notTestCard);
      const id = sandboxId('pm');
      const brand = cardTypeOf(digits)!;
      await repo.insertMethod({
        id, brand, last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year, behavior,
        nameOnCard: req.name_on_card?.trim() || null,
      });
      return { card_type: brand, expire_year: String(expiry.year), expire_month: month, onetime_token: id, last_4: digits.slice(-4) };
    },

    async retrieve(clientSecret: string): Promise<IntentView> {
      return intentView(await bySecret(clientSecret));
    },

    /** Confirms with a token: succeeds, declines (402, intent stays unpaid) or asks for authentication. */
    async confirm(clientSecret: string, token: string, returnUrl: string | undefined): Promise<IntentView> {
      const row = await bySecret(clientSecret);
      if (row.status !== 'requires_payment_method' && row.status !== 'requires_action') {
        throw new AppError(ErrorCode.Conflict, `This intent's status is ${row.status}; it cannot be confirmed again.`);
      }
      if (returnUrl !== undefined) checkReturnUrl(returnUrl, deps.allowedOrigins);
      const method = await repo.getMethod(token);
      if (!method) throw validationError([fieldError('payment_method', ErrorCode.InvalidValue, 'No such payment method token.')]);
      if (!(await repo.attachMethod(method.id, row.customerId!))) {
        throw validationError([fieldError('payment_method', ErrorCode.InvalidValue, 'This token belongs to another customer; tokens are single use.')]);
      }
      const withMethod = await repo.updateIntent(row.id, [row.status], { paymentMethodId: method.id, returnUrl: returnUrl ?? null });
      if (!withMethod) throw new AppError(ErrorCode.Conflict, 'This intent was confirmed or cancelled meanwhile.');
      // A card that saves and then declines its charges (4000 0000 0000 0341) passes a setup.
      const decline = row.kind === 'setup' && SAVES_THEN_DECLINES.has(method.behavior as CardBehavior) ? null : declineOf(method.behavior as CardBehavior);
      if (decline) {
        // A declined card is not kept on the customer, and the intent waits for another method.
        await repo.detachMethod(method.id);
        await repo.updateIntent(row.id, [withMethod.status], { status: 'requires_payment_method', lastError: decline.message, paymentMethodId: null });
        if (row.kind === 'payment') {
          await repo.insertCharge({ id: sandboxId('ch'), intentId: row.id, amount: row.amount, currency: row.currency, paymentMethodId: method.id, status: 'failed' });
        }
        throw new AppError(ErrorCode.CardDeclined, decline.message);
      }
      if (method.behavior === 'authenticate') {
        const waiting = await repo.updateIntent(row.id, [withMethod.status], { status: 'requires_action', lastError: null });
        if (!waiting) throw new AppError(ErrorCode.Conflict, 'This intent was confirmed or cancelled meanwhile.');
        return intentView(waiting);
      }
      return intentView(await complete(withMethod, [withMethod.status]));
    },

    /** The page's data: what is being authenticated. */
    async pendingAuthentication(clientSecret: string): Promise<SandboxIntentRow> {
      const row = await bySecret(clientSecret);
      if (row.status !== 'requires_action') throw new AppError(ErrorCode.Conflict, `This intent does not need authentication (status ${row.status}).`);
      return row;
    },

    /** The customer's answer on the authentication page; returns where to send the browser, if anywhere. */
    async authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<{ view: IntentView; redirectTo: string | null }> {
      const row = await this.pendingAuthentication(clientSecret);
      let done: SandboxIntentRow;
      if (outcome === 'complete') {
        done = await complete(row, ['requires_action']);
      } else {
        // An off-session charge's method is the customer's saved one: a failed check does not remove it.
        if (row.paymentMethodId && !row.offSession) await repo.detachMethod(row.paymentMethodId);
        const failed = await repo.updateIntent(row.id, ['requires_action'], { status: 'requires_payment_method', lastError: SANDBOX_MESSAGES.authenticationFailed, paymentMethodId: null });
        if (!failed) throw new AppError(ErrorCode.Conflict, 'This intent was confirmed or cancelled meanwhile.');
        done = failed;
      }
      return { view: intentView(done), redirectTo: row.returnUrl ? returnTarget(row.returnUrl, done, outcome === 'complete') : null };
    },
  };
}

export type SandboxProvider = ReturnType<typeof sandboxProvider>;

/** A return_url must be a page of one of the company's sites (or this server): never an open redirect. */
export function checkReturnUrl(returnUrl: string, allowed: ReadonlySet<string>): void {
  requireSiteUrl(returnUrl, allowed, 'return_url', 'return_url must be a page on one of the company\'s site origins.');
}

/** The host page again, with the query a provider adds after its redirect (read by the widget's processing state). */
function returnTarget(returnUrl: string, row: SandboxIntentRow, succeeded: boolean): string {
  const url = new URL(returnUrl);
  const name = row.kind === 'setup' ? 'setup_intent' : 'payment_intent';
  url.searchParams.set(name, row.id);
  url.searchParams.set(`${name}_client_secret`, row.clientSecret);
  url.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
  return url.toString();
}
