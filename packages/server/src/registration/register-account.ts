import { createHash } from 'node:crypto';
import { taxIdText, taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import { ACCOUNT_TYPES, ErrorCode, toMajor } from '@portico/core';
import type { ChargeSummary, InvoiceDisplayItem } from '@portico/core/billing/index';
import { isPaymentInformationRequired } from '@portico/core/billing/payment-due';
import { accountToWire } from '../accounts/accounts.mappers.ts';
import { subscriptionToWire } from '../billing/billing.mappers.ts';
import type { CatalogSnapshot } from '../billing/catalog-snapshot.ts';
import { computeChargeSummary } from '../billing/compute-charge-summary.ts';
import { newSubscriptionRow } from '../billing/new-subscription-row.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { subscribeToList } from '../email-lists/subscribe-to-list.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { siteLinkPage } from '../http/site-url.ts';
import { callerScope, requestHash, storedAnswer, twinAnswer, withIdempotency, type Answer, type IdempotencyRequest } from '../http/idempotency.ts';
import { newUid } from '../ids/new-uid.ts';
import { CONFIRMATION_MAIL_TOPIC, type ConfirmationMailPayload } from '../mail/confirmation-mail.ts';
import { RECEIPT_MAIL_TOPIC, type ReceiptMailPayload, type SignupReceipt } from '../mail/receipt-mail.ts';
import { SIGNUP_WEBHOOK_TOPIC, type SignupWebhookPayload } from '../webhooks/signup-webhook.ts';
import { checkRegistration, withUid, type CheckedRegistration, type ReceivedImage } from './check-registration.ts';
import type { RegistrationDeps, VerifiedSignupPayment } from './registration-deps.ts';
import { invoicePaidEvent, invoicePaidOnPaid, recordActivity } from '../webhooks/activity-events.ts';
import type { RegistrationInput, RegistrationOut } from './registration.schemas.ts';
import { tokenHash } from './secret-token.ts';
import { firstRenewal, invoiceParts, nextRenewalOut, paidWith, paymentMethodOut, signupReceipt } from './signup-receipt.ts';
import { hashPassword } from '../passwords/password-hashing.ts';

export const REGISTRATION_SCOPE = 'POST /crm/registrations';

export interface RegistrationRequest {
  body: RegistrationInput;
  image: ReceivedImage | null;
  /** The query's confirmationUrl. */
  confirmationUrl?: string | undefined;
  /** X-Timezone. */
  timeZone?: string | undefined;
  idempotencyKey?: string | undefined;
}

const duplicate = () => new AppError(ErrorCode.Duplicate, undefined, [fieldError('Person.Email', ErrorCode.Duplicate)]);
const invalidNonce = (message: string) => new AppError(ErrorCode.InvalidNonce, message, [fieldError('Nonce', ErrorCode.InvalidNonce, message)]);

function knownTimeZone(tz: string | undefined): string | null {
  if (!tz) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Where a sign-up's mail sends the person, and whether its link is where they set their password. */
interface MailedLink {
  page: string;
  /** No password was given (and no Google): the link opens resetPassword (mail/confirmation-mail.ts). */
  setPassword: boolean;
}

/**
 * Whether a sign-up mails a link, and to which page (docs/registration.md "The mailed link").
 * A person who gave no password (and did not sign up with Google) always gets one: it is the only
 * way to choose a password, so it goes out whether or not the company asks for confirmation. A
 * person who gave one gets it only with `requireEmailConfirmation`. The page is the query's
 * confirmationUrl, else `registration.confirmationUrl`, else the company's website, on an allowed
 * origin only (the link is mailed under the company's name, so it must never send people to
 * someone else's site). Mail must be on: an account nobody can sign in to is never created.
 */
function mailedLink(deps: RegistrationDeps, checked: CheckedRegistration, requested: string | undefined): MailedLink | null {
  if (checked.google) return null;
  const { config } = deps.billing;
  const setPassword = !checked.password;
  if (!setPassword && !config.registration.requireEmailConfirmation) return null;
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  const target = requested ?? config.registration.confirmationUrl ?? config.company.websiteUrl;
  const message = 'confirmationUrl must be a page on one of the company\'s sites.';
  return { page: siteLinkPage(target, deps.allowedOrigins, 'query.confirmationUrl', message), setPassword };
}

interface Prepared {
  checked: CheckedRegistration;
  snapshot: CatalogSnapshot;
  now: Date;
  link: MailedLink | null;
}

/** The rules that write nothing and spend nothing (also POST /crm/registrations/validate). */
async function prepare(deps: RegistrationDeps, req: RegistrationRequest): Promise<Prepared> {
  const { config } = deps.billing;
  if (!config.registration.enabled) throw new AppError(ErrorCode.RegistrationClosed);
  const now = deps.billing.clock.now();
  const snapshot = await deps.billing.snapshots.get();
  const google = req.body.GoogleIdToken ? await deps.verifyGoogleIdToken(req.body.GoogleIdToken) : null;
  const fieldConfiguration = await deps.uow.fields.configuration('registration');
  const checked = checkRegistration(req.body, { config, now, snapshot, fieldConfiguration, image: req.image, google });
  const link = mailedLink(deps, checked, req.confirmationUrl);
  if (await deps.uow.people.emailTaken(checked.email)) throw duplicate();
  return { checked, snapshot, now, link };
}

/** POST /crm/registrations/validate: every check a registration makes before it spends the nonce, captcha or payment. */
export async function validateRegistration(deps: RegistrationDeps, req: RegistrationRequest): Promise<{ Result: true }> {
  await prepare(deps, req);
  return { Result: true };
}

/** The due-now invoice of the new subscription, from the same function the intent's amount came from. */
async function dueNow(deps: RegistrationDeps, body: RegistrationInput): Promise<ChargeSummary | null> {
  if (!body.Subscription) return null;
  return computeChargeSummary(deps.billing, { ...body.Subscription, Account: { BillingAddress: body.Account.BillingAddress ?? null } }, 'now');
}

/** Checks the intent the widget completed, before the transaction; a declined card's intent is cancelled at once. */
async function verifyPayment(deps: RegistrationDeps, caller: Caller, body: RegistrationInput, prepared: Prepared, summary: ChargeSummary | null): Promise<VerifiedSignupPayment | null> {
  const { config } = deps.billing;
  const secret = body.PaymentInformation?.PaymentClientSecret ?? body.PaymentInformation?.SetupIntent ?? null;
  const plan = prepared.checked.subscription?.plan;
  const total = summary?.Total ?? 0;
  const required = isPaymentInformationRequired(total, plan ?? null, config.registration.requirePaymentInformation);
  if (!secret) {
    if (required) throw new AppError(ErrorCode.PaymentInformationRequired, undefined, [fieldError('PaymentInformation', ErrorCode.PaymentInformationRequired)]);
    return null;
  }
  if (!plan) {
    // Nothing is bought, so nothing may be authorized: release the card's hold instead of leaving it hanging.
    await deps.payments.abandon(caller, secret);
    throw new AppError(ErrorCode.ValidationFailed, 'A payment was sent, but this registration buys no plan.', [
      fieldError('PaymentInformation', ErrorCode.InvalidValue, 'No payment is due without a plan.'),
    ]);
  }
  // Manual payments mode collects later: the card is only set up now.
  const expectedAmountMinor = config.billing.paymentsMode === 'manual' ? 0 : total;
  try {
    return await deps.payments.verify({ clientSecret: secret, expectedAmountMinor, currency: config.company.currency });
  } catch (err) {
    if (err instanceof AppError && (err.code === ErrorCode.PaymentInformationSetupFailed || err.code === ErrorCode.CardDeclined)) {
      await deps.payments.abandon(caller, secret);
    }
    throw err;
  }
}

/**
 * POST /crm/registrations: Account, Person, primary PersonAccount, Subscription (add-ons,
 * coupon), PaymentInformation, the first invoice and its payment, in one transaction
 * (docs/registration.md). Before it: the checks that write nothing, the captcha and the
 * intent; in it: the nonce is used up first; after the commit: the payment is captured and
 * the outbox (confirmation mail, sign-up webhook) woken. A failure anywhere leaves nothing
 * behind and releases the payment. With an Idempotency-Key a retry replays the first answer;
 * a concurrent twin waits for it (withIdempotency).
 */
export async function registerAccount(deps: RegistrationDeps, caller: Caller, req: RegistrationRequest): Promise<Answer<RegistrationOut>> {
  const scope = callerScope(REGISTRATION_SCOPE, caller);
  const imageHash = req.image ? createHash('sha256').update(req.image.bytes).digest('base64url') : null;
  const idempotency = { scope, key: req.idempotencyKey, requestHash: requestHash(req.body, imageHash, req.confirmationUrl ?? null) };
  // A retry after success replays before the nonce, captcha or intent are looked at (all are spent by then).
  const stored = await storedAnswer<RegistrationOut>(deps.uow, idempotency);
  if (stored) return { ...stored, body: await withCurrentInvoice(deps.uow, stored.body) };
  try {
    const answer = await registerOnce(deps, caller, req, idempotency);
    return { ...answer, body: await withCurrentInvoice(deps.uow, answer.body) };
  } catch (err) {
    // A double-click twin may have won while this one checked (email now taken, nonce or captcha spent).
    const twin = err instanceof AppError ? await twinAnswer<RegistrationOut>(deps.uow, idempotency) : null;
    if (!twin) throw err;
    return { ...twin, body: await withCurrentInvoice(deps.uow, twin.body) };
  }
}

async function registerOnce(
  deps: RegistrationDeps, caller: Caller, req: RegistrationRequest, idempotency: IdempotencyRequest,
): Promise<Answer<RegistrationOut>> {
  if (!req.body.Nonce) throw invalidNonce('A nonce is required: ask POST /api/v1/nonce for one.');
  const prepared = await prepare(deps, req);
  const captcha = await deps.captcha.verify(req.body.RecaptchaToken, caller.ip);
  if (!captcha.ok) {
    const code = captcha.code ?? ErrorCode.CaptchaInvalid;
    throw new AppError(code, undefined, [fieldError('RecaptchaToken', code)]);
  }
  const summary = await dueNow(deps, req.body);
  const passwordHash = prepared.checked.password ? await hashPassword(prepared.checked.password) : null;
  const verified = await verifyPayment(deps, caller, req.body, prepared, summary);
  const next = await firstRenewal(deps, req.body, prepared.checked.subscription?.plan ?? null, paidWith(verified));
  try {
    return await withIdempotency(deps.uow, idempotency, (repos) => write(deps, repos, req, prepared, { summary, passwordHash, verified, next, ip: caller.ip }));
  } catch (err) {
    if (isUniqueViolation(err, 'people_email_idx')) throw duplicate(); // a concurrent sign-up with the same email won
    throw err;
  }
}

/** The invoice as it is now: the capture after the commit may have paid it since the answer was written. */
async function withCurrentInvoice(uow: UnitOfWork, stored: RegistrationOut): Promise<RegistrationOut> {
  // An answer stored before the payment facts were part of it replays with them too (null: not known).
  const body = { ...stored, PaymentMethod: stored.PaymentMethod ?? null, NextRenewal: stored.NextRenewal ?? null, SetPasswordLink: stored.SetPasswordLink ?? false };
  if (!body.Invoice) return body;
  const invoice = await uow.invoices.get(body.Invoice.Uid);
  if (!invoice) return body;
  return {
    ...body,
    Invoice: {
      ...body.Invoice, ...wireParts(invoice.lines as InvoiceDisplayItem[], invoice.currency),
      Status: invoice.status, AmountPaid: toMajor(invoice.amountPaid, invoice.currency),
    },
  };
}

/** The invoice's tax and discount as the answer states them (major units). */
function wireParts(lines: readonly InvoiceDisplayItem[], currency: string): { Tax: number; Discount: number } {
  const parts = invoiceParts(lines);
  return { Tax: toMajor(parts.tax, currency), Discount: toMajor(parts.discount, currency) };
}

interface Extras {
  summary: ChargeSummary | null;
  passwordHash: string | null;
  verified: VerifiedSignupPayment | null;
  /** The first renewal (what follows today), for the answer and the receipt. */
  next: SignupReceipt['next'];
  /** The caller's address, for the consent log of the sign-up list (issue 18). */
  ip: string;
}

async function write(deps: RegistrationDeps, repos: UnitOfWork, req: RegistrationRequest, prepared: Prepared, extras: Extras): Promise<{ statusCode: number; body: RegistrationOut }> {
  const { config } = deps.billing;
  const { checked, now, snapshot } = prepared;
  const currency = config.company.currency;
  if (extras.verified) repos.afterRollback(() => deps.payments.release(extras.verified!));
  if (!(await repos.nonces.consume(tokenHash(req.body.Nonce!), now))) {
    throw invalidNonce('This nonce is unknown, expired or already used: ask POST /api/v1/nonce for a new one.');
  }

  let profileImageUrl: string | null = null;
  if (checked.image) {
    const uid = newUid();
    await repos.files.insert({
      uid, contentType: checked.image.contentType, byteSize: checked.image.bytes.length, bytes: checked.image.bytes,
      sha256: createHash('sha256').update(checked.image.bytes).digest('hex'),
    });
    profileImageUrl = `/api/v1/files/${uid}`;
  }

  const accountUid = newUid();
  const personUid = newUid();
  const sub = checked.subscription;
  await repos.accounts.insert({
    uid: accountUid, name: checked.account.name, taxStatus: null,
    accountType: sub?.plan.AccountRegistrationMode === 'Team' ? ACCOUNT_TYPES.Team : ACCOUNT_TYPES.Individual,
    billingAddress: withUid(checked.account.billingAddress), mailingAddress: withUid(checked.account.mailingAddress),
    clientIdentifier: checked.account.clientIdentifier, domainName: checked.account.domainName, taxIds: checked.account.taxIds,
    fieldValues: checked.account.fieldValues,
  });
  // Unconfirmed only when the company asks for confirmation; a set-password link confirms the email too when used.
  const confirmed = prepared.link && config.registration.requireEmailConfirmation ? null : now;
  await repos.people.insert({
    uid: personUid, email: checked.email, firstName: checked.person.firstName, lastName: checked.person.lastName, title: checked.person.title,
    phoneMobile: checked.person.phoneMobile, phoneWork: checked.person.phoneWork, mailingAddress: withUid(checked.person.mailingAddress),
    oauthGoogleProfileId: checked.google?.sub ?? null, optInToEmailList: checked.person.optInToEmailList, profileImageUrl,
    passwordHash: extras.passwordHash, emailConfirmed: confirmed, fieldValues: checked.person.fieldValues, timeZone: knownTimeZone(req.timeZone),
  });
  await repos.people.link({ uid: newUid(), personUid, accountUid, isPrimary: true, receiveInvoices: true });
  // 'Sign up for email updates': a subscription to the company's sign-up list, with its consent row (issue 18; docs/email-lists.md).
  if (checked.person.optInToEmailList) {
    const signUpList = await repos.emailLists.signUpList();
    if (signUpList) {
      const joined = await subscribeToList(repos, { personUid, listUid: signUpList.uid, source: 'signup', ip: extras.ip, now });
      if (joined.confirmationNeeded) repos.afterCommit(() => deps.wakeOutbox());
    }
  }

  let subscriptionUid: string | null = null;
  if (sub) {
    subscriptionUid = newUid();
    await repos.subscriptions.insert(newSubscriptionRow(sub, { uid: subscriptionUid, accountUid, start: now, now }));
  }

  // Free plans and trials bill nothing now: no invoice. Anything billed (even to 0 by a coupon) gets one.
  const summary = extras.summary;
  let invoice: RegistrationOut['Invoice'] = null;
  if (summary && summary.InvoiceDisplayItems.some((l) => l.Amount !== 0)) {
    const uid = newUid();
    const status = summary.Total === 0 ? 'Paid' : 'Open';
    const lines = summary.InvoiceDisplayItems;
    const invoiceNumber = await repos.invoices.insert({
      uid, accountUid, subscriptionUid, invoiceDate: now, currency, status, taxBehavior: summary.TaxBehavior, lines,
      subtotal: lines.reduce((n, l) => n + l.Amount, 0), tax: lines.reduce((n, l) => n + l.Tax, 0), total: summary.Total,
      kind: 'signup', paidAt: status === 'Paid' ? now : null,
    });
    invoice = {
      Uid: uid, InvoiceNumber: invoiceNumber, InvoiceDate: summary.InvoiceDate, Currency: currency,
      Total: toMajor(summary.Total, currency), AmountPaid: 0, ...wireParts(lines, currency), Status: status,
    };
  }

  if (extras.verified) {
    // The receipt is stored with the payment and written in the transaction that books the captured money (this
    // request's settle, or payment recovery after a crash): once, and never for a capture the gateway refused, a
    // card only set up (manual payments, a trial) or an invoice a coupon paid in full.
    const receipt: ReceiptMailPayload | null = invoice && summary && sub && invoice.Status === 'Open' ? {
      personUid, accountUid, invoiceUid: invoice.Uid,
      receipt: {
        ...signupReceipt({ number: invoice.InvoiceNumber, date: invoice.InvoiceDate, currency, total: summary.Total, lines: summary.InvoiceDisplayItems }, sub, paidWith(extras.verified), extras.next),
        // The tax id by its type's name, never its code (issue 15).
        taxId: taxIdText(checked.account.taxIds[0] ?? {}, taxIdTypesOrDefault(config.billing.taxIdTypes)) || null,
      },
    } : null;
    // invoice.paid (activity webhook) goes with the receipt: written when the captured money makes the invoice Paid.
    const storedInvoice = receipt && invoice ? await repos.invoices.get(invoice.Uid) : null;
    const paidActivity = storedInvoice ? invoicePaidOnPaid(deps.billing.activityWebhookConfigured, storedInvoice, now) : [];
    const consumed = await deps.payments.consume(repos, extras.verified, {
      accountUid, invoiceUid: invoice?.Uid ?? null, at: now, onPaid: receipt ? [{ topic: RECEIPT_MAIL_TOPIC, payload: receipt }, ...paidActivity] : [],
    });
    repos.afterCommit(async () => {
      await deps.payments.settle(consumed);
      if (receipt) deps.wakeOutbox(); // a look at the outbox costs little; the receipt is there once the money is booked
    });
  }

  const stored = await repos.accounts.get(accountUid);
  const subscription = subscriptionUid ? subscriptionToWire((await repos.subscriptions.get(subscriptionUid))!, snapshot, currency, now) : null;
  const account = accountToWire(stored!, subscription, subscription);
  const person = {
    Uid: personUid, Email: checked.email, FirstName: checked.person.firstName, LastName: checked.person.lastName,
    ProfileImageUrl: profileImageUrl, EmailConfirmed: confirmed !== null,
  };

  if (prepared.link) {
    const payload: ConfirmationMailPayload = { personUid, accountUid, confirmationUrl: prepared.link.page };
    await repos.outbox.enqueue(CONFIRMATION_MAIL_TOPIC, payload);
  }
  if (deps.signupWebhookConfigured) {
    const payload: SignupWebhookPayload = { Person: person, Account: account, Subscription: subscription };
    await repos.outbox.enqueue(SIGNUP_WEBHOOK_TOPIC, payload);
  }
  if (prepared.link || deps.signupWebhookConfigured) repos.afterCommit(() => deps.wakeOutbox());
  if (subscription) {
    // Activity webhook (issue 17): the new subscription, with its first invoice as it stands at the commit (Open until the money is booked).
    await recordActivity(repos, deps.billing, { type: 'subscription.created', occurredAt: now, data: { AccountUid: accountUid, Subscription: subscription, Invoice: invoice } });
    const free = invoice?.Status === 'Paid' ? await repos.invoices.get(invoice.Uid) : null;
    if (free) await recordActivity(repos, deps.billing, invoicePaidEvent(free, now)); // paid in full by a coupon
  }

  return {
    statusCode: 201,
    body: { Account: account, Person: person, Subscription: subscription, Invoice: invoice,
      PaymentMethod: paymentMethodOut(paidWith(extras.verified)), NextRenewal: nextRenewalOut(extras.next, currency), RequiresConfirmation: prepared.link !== null,
      SetPasswordLink: prepared.link?.setPassword ?? false, CreatedWithGoogle: checked.google !== null,
    },
  };
}
