import { sql } from 'drizzle-orm';
import {
  boolean, customType, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The spec's entities (spec 1 section 3, spec 2 section 3). Money columns are
 * integer minor units; the wire carries major units (docs/decisions.md).
 */
/** Binary column (PostgreSQL bytea) for uploaded files. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const created = () => timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updated = () => timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const rates = () => ({
  monthlyRate: integer('monthly_rate'),
  quarterlyRate: integer('quarterly_rate'),
  annualRate: integer('annual_rate'),
  oneTimeRate: integer('one_time_rate'),
  setupFee: integer('setup_fee'),
});

/**
 * The columns every table of mailed single-use tokens has (`email_tokens` for people,
 * `operator_email_tokens` for operators): the generic repositories (registration/email-tokens.repository.ts,
 * auth/sign-in-codes.repository.ts) run the same statements over either.
 */
const mailedTokenColumns = () => ({
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  used: timestamp('used', { withTimezone: true, mode: 'date' }),
  /** What the token carries beyond its owner: an email change's new address (`newEmail`), its undo's old one (`oldEmail`), a code's salt. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** Wrong guesses against a short token (a mailed sign-in code); the token is refused after a few. */
  attempts: integer('attempts').notNull().default(0),
  created: created(),
});
/** The columns of a remembered browser (`known_devices` for people, `operator_known_devices` for operators). */
const knownDeviceColumns = () => ({
  tokenHash: text('token_hash').primaryKey(),
  created: created(),
  lastUsed: timestamp('last_used', { withTimezone: true, mode: 'date' }).notNull(),
  expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
});

export const planFamilies = pgTable('plan_families', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  created: created(),
  updated: updated(),
  // At most one default family, held by the database even if a writer forgets to clear the old one.
}, (t) => [uniqueIndex('plan_families_one_default_idx').on(t.isDefault).where(sql`is_default`)]);

export const plans = pgTable('plans', {
  uid: text('uid').primaryKey(),
  planFamilyUid: text('plan_family_uid').notNull().references(() => planFamilies.uid),
  name: text('name').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
  isQuantityEditable: boolean('is_quantity_editable').notNull().default(false),
  isPerUser: boolean('is_per_user').notNull().default(false),
  minimumQuantity: integer('minimum_quantity').notNull().default(0),
  maximumPeople: integer('maximum_people'),
  ...rates(),
  unitOfMeasure: text('unit_of_measure'),
  unitOfMeasurePlural: text('unit_of_measure_plural'),
  trialPeriodDays: integer('trial_period_days'),
  trialUntilDate: date('trial_until_date', { mode: 'string' }),
  requirePaymentInformation: boolean('require_payment_information').notNull().default(false),
  accountRegistrationMode: text('account_registration_mode').notNull().default('Individual'),
  created: created(),
  updated: updated(),
}, (t) => [index('plans_family_idx').on(t.planFamilyUid)]);

export const addOns = pgTable('add_ons', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  unitOfMeasure: text('unit_of_measure'),
  billingAddOnType: text('billing_add_on_type').notNull().default('Recurring'),
  isQuantityEditable: boolean('is_quantity_editable').notNull().default(false),
  minimumQuantity: integer('minimum_quantity').notNull().default(0),
  isBilledDuringTrial: boolean('is_billed_during_trial').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  ...rates(),
  created: created(),
  updated: updated(),
});

export const planAddOns = pgTable('plan_add_ons', {
  planUid: text('plan_uid').notNull().references(() => plans.uid, { onDelete: 'cascade' }),
  addOnUid: text('add_on_uid').notNull().references(() => addOns.uid),
  isUserSelectable: boolean('is_user_selectable').notNull().default(true),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.planUid, t.addOnUid] })]);

export const discountCoupons = pgTable('discount_coupons', {
  uid: text('uid').primaryKey(),
  uniqueIdentifier: text('unique_identifier').notNull(),
  name: text('name').notNull(),
  percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
  amountOff: integer('amount_off'),
  duration: text('duration').notNull(),
  durationInMonths: integer('duration_in_months'),
  redeemBy: timestamp('redeem_by', { withTimezone: true, mode: 'date' }),
  planUids: jsonb('plan_uids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
  created: created(),
  updated: updated(),
}, (t) => [uniqueIndex('discount_coupons_code_idx').on(sql`lower(${t.uniqueIdentifier})`)]);

export const addresses = pgTable('addresses', {
  uid: text('uid').primaryKey(),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  addressLine3: text('address_line3'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  country: text('country'),
});

export const accounts = pgTable('accounts', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  clientIdentifier: text('client_identifier'),
  domainName: text('domain_name'),
  accountStage: text('account_stage'),
  accountType: integer('account_type').notNull().default(1),
  billingAddressUid: text('billing_address_uid').references(() => addresses.uid),
  mailingAddressUid: text('mailing_address_uid').references(() => addresses.uid),
  taxId: text('tax_id'),
  taxIdType: text('tax_id_type'),
  taxStatus: text('tax_status'),
  taxIds: jsonb('tax_ids').$type<{ TaxId: string; TaxIdType: string }[]>().notNull().default(sql`'[]'::jsonb`),
  accountCredit: integer('account_credit').notNull().default(0),
  /** When the configured retention offer was shown to this account at cancellation (offered once). */
  retentionOfferedAt: timestamp('retention_offered_at', { withTimezone: true, mode: 'date' }),
  /** Values of the company's own registration fields on the account (`Account.FieldValues.<SystemName>`). */
  fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  created: created(),
  updated: updated(),
});

export const people = pgTable('people', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  title: text('title'),
  phoneMobile: text('phone_mobile'),
  phoneWork: text('phone_work'),
  mailingAddressUid: text('mailing_address_uid').references(() => addresses.uid),
  oauthGoogleProfileId: text('oauth_google_profile_id'),
  optInToEmailList: boolean('opt_in_to_email_list').notNull().default(false),
  profileImageUrl: text('profile_image_url'),
  passwordHash: text('password_hash'),
  passwordMustChange: boolean('password_must_change').notNull().default(false),
  /** Null until the person follows the confirmation link, when the company requires confirmation. */
  emailConfirmed: timestamp('email_confirmed', { withTimezone: true, mode: 'date' }),
  /** Values of the company's own registration fields on the person (`Person.FieldValues.<SystemName>`). */
  fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** The browser's IANA time zone at sign-up (X-Timezone), for dates in mail; null when not sent or not a known zone. */
  timeZone: text('time_zone'),
  created: created(),
  updated: updated(),
}, (t) => [uniqueIndex('people_email_idx').on(sql`lower(${t.email})`)]);

export const personAccounts = pgTable('person_accounts', {
  uid: text('uid').primaryKey(),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  isPrimary: boolean('is_primary').notNull().default(false),
  receiveInvoices: boolean('receive_invoices').notNull().default(false),
  created: created(),
  /** A team invitation not yet taken up: set when invited, cleared by the first sign-in to the account (docs/team.md). */
  invitationPending: boolean('invitation_pending').notNull().default(false),
  /** When the last invitation mail was asked for (invite or resend); null for a member who joined otherwise. */
  invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
  /** Who invited (a person uid; the invitee's set-password screen names them). */
  invitedBy: text('invited_by').references(() => people.uid, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('person_accounts_pair_idx').on(t.personUid, t.accountUid),
  // An account's people (team lists, invoice recipients, a receipt's mail) are read by account.
  index('person_accounts_account_idx').on(t.accountUid),
]);

export const subscriptions = pgTable('subscriptions', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  planUid: text('plan_uid').notNull().references(() => plans.uid),
  quantity: integer('quantity').notNull().default(0),
  billingRenewalTerm: text('billing_renewal_term').notNull(),
  startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  expirationDate: timestamp('expiration_date', { withTimezone: true, mode: 'date' }),
  renewalDate: timestamp('renewal_date', { withTimezone: true, mode: 'date' }),
  /** Billing anchor day (periods are counted from it, docs/billing.md section 1); null = the start day. */
  anchorDate: date('anchor_date', { mode: 'string' }),
  newRequiredQuantity: integer('new_required_quantity'),
  isPlanUpgradeRequired: boolean('is_plan_upgrade_required').notNull().default(false),
  planUpgradeRequiredMessage: text('plan_upgrade_required_message'),
  created: created(),
  updated: updated(),
}, (t) => [
  index('subscriptions_account_idx').on(t.accountUid),
  // The renewal pass's look for subscriptions whose period has ended (issue 17).
  index('subscriptions_renewal_idx').on(t.renewalDate).where(sql`${t.renewalDate} is not null`),
]);

export const subscriptionAddOns = pgTable('subscription_add_ons', {
  uid: text('uid').primaryKey(),
  subscriptionUid: text('subscription_uid').notNull().references(() => subscriptions.uid, { onDelete: 'cascade' }),
  addOnUid: text('add_on_uid').notNull().references(() => addOns.uid),
  quantity: integer('quantity').notNull().default(1),
  billingRenewalTerm: text('billing_renewal_term').notNull(),
  startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  renewalDate: timestamp('renewal_date', { withTimezone: true, mode: 'date' }),
}, (t) => [index('subscription_add_ons_sub_idx').on(t.subscriptionUid)]);

export const discountCouponSubscriptions = pgTable('discount_coupon_subscriptions', {
  uid: text('uid').primaryKey(),
  subscriptionUid: text('subscription_uid').notNull().references(() => subscriptions.uid, { onDelete: 'cascade' }),
  discountCouponUid: text('discount_coupon_uid').notNull().references(() => discountCoupons.uid),
  startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
  expireDate: timestamp('expire_date', { withTimezone: true, mode: 'date' }),
}, (t) => [index('dcs_sub_idx').on(t.subscriptionUid)]);

export const paymentInformation = pgTable('payment_information', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  paymentMethodType: text('payment_method_type').notNull().default('card'),
  cardType: text('card_type'),
  lastFourDigits: text('last_four_digits'),
  expirationMonth: integer('expiration_month'),
  expirationYear: integer('expiration_year'),
  bankName: text('bank_name'),
  bankAccountType: text('bank_account_type'),
  paymentToken: text('payment_token'),
  /** Which gateway holds the method (sandbox, stripe), and the gateway's customer it is saved on. */
  gateway: text('gateway'),
  customerToken: text('customer_token'),
  nameOnCard: text('name_on_card'),
  latestFailureDateTime: timestamp('latest_failure_date_time', { withTimezone: true, mode: 'date' }),
  updated: updated(),
}, (t) => [index('payment_information_account_idx').on(t.accountUid)]); // each charge reads its account's method

export const fieldDefinitions = pgTable('field_definitions', {
  uid: text('uid').primaryKey(),
  entityType: text('entity_type').notNull(),
  systemName: text('system_name').notNull(),
  label: text('label').notNull(),
  controlType: text('control_type').notNull(),
  controlParams: text('control_params'),
  sameAsLabel: text('same_as_label'),
  sameAsLabelDefault: boolean('same_as_label_default'),
  sameAsObject: text('same_as_object'),
}, (t) => [uniqueIndex('field_definitions_name_idx').on(t.entityType, t.systemName)]);

export const fieldConfigurations = pgTable('field_configurations', {
  context: text('context').notNull(),
  position: integer('position').notNull(),
  fieldDefinitionUid: text('field_definition_uid').notNull().references(() => fieldDefinitions.uid, { onDelete: 'cascade' }),
  behavior: text('behavior').notNull(),
  groupName: text('group_name'),
}, (t) => [primaryKey({ columns: [t.context, t.position] })]);

export const emailLists = pgTable('email_lists', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  requiresDoubleOptIn: boolean('requires_double_opt_in').notNull().default(false),
  isSignUpList: boolean('is_sign_up_list').notNull().default(false),
  /** Issue 18 lists: an archived list is hidden from people and takes no subscriber; its rows and consent log stay. */
  archived: timestamp('archived', { withTimezone: true, mode: 'date' }),
});

/** Company settings that are not catalogue rows (theme, terms, password policy...), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated: updated(),
});

/** Answers of requests sent with an Idempotency-Key header: same key and same request give the stored answer. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response').notNull(),
  created: created(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.created)]);

// ---- Sign-up, checkout and payments (issue 7) ----

/** Uploaded files (profile images), checked by content and size before they get here; served by uid. */
export const files = pgTable('files', {
  uid: text('uid').primaryKey(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  created: created(),
});

/** One-time sign-up nonces (POST /nonce): stored hashed, consumed by a registration, expiring. */
export const nonces = pgTable('nonces', {
  valueHash: text('value_hash').primaryKey(),
  expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  consumed: timestamp('consumed', { withTimezone: true, mode: 'date' }),
  created: created(),
}, (t) => [index('nonces_expires_idx').on(t.expires)]);

/**
 * Single-use tokens sent by email, stored hashed: account confirmation now, password reset and
 * invitations later (purpose says which).
 */
export const emailTokens = pgTable('email_tokens', {
  ...mailedTokenColumns(),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  accountUid: text('account_uid').references(() => accounts.uid, { onDelete: 'cascade' }),
}, (t) => [index('email_tokens_person_idx').on(t.personUid)]);

/** Invoices: the charge summary's lines as billed (minor units), one per billing event. */
export const invoices = pgTable('invoices', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  subscriptionUid: text('subscription_uid').references(() => subscriptions.uid, { onDelete: 'set null' }),
  /** Sequential per company with no gaps: taken from `invoice_counters` in the invoice's own transaction (issue 16). */
  invoiceNumber: integer('invoice_number').notNull(),
  invoiceDate: timestamp('invoice_date', { withTimezone: true, mode: 'date' }).notNull(),
  currency: text('currency').notNull(),
  subtotal: integer('subtotal').notNull(),
  tax: integer('tax').notNull(),
  total: integer('total').notNull(),
  amountPaid: integer('amount_paid').notNull().default(0),
  /** Open, Paid, Void */
  status: text('status').notNull(),
  taxBehavior: text('tax_behavior'),
  lines: jsonb('lines').notNull(),
  /** What was billed: signup (the first invoice), plan_change (an upgrade's prorated charge), renewal (issue 17). */
  kind: text('kind').notNull().default('signup'),
  /** The service period the invoice covers, when it covers one. */
  periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
  periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
  /** When the invoice became Paid. */
  paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  // Collection of an Open invoice off-session (issue 17, docs/billing.md "Renewals and dunning").
  /** Charge attempts whose outcome is recorded (the first charge counts as 1). */
  attemptCount: integer('attempt_count').notNull().default(0),
  /** The attempt number a runner claimed and has not yet recorded (its gateway idempotency key is made from it); null when none is running. */
  attemptInFlight: integer('attempt_in_flight'),
  /** When the next charge attempt is due, by the server clock; null: none scheduled (paid, void, hard decline, waiting for the customer). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
  /** null (never failed), retrying, action_required (the bank asks the customer to authenticate), hard_declined, exhausted (no attempt left). */
  dunningStatus: text('dunning_status'),
  /** The provider's message and code for the last failed attempt. */
  lastFailureMessage: text('last_failure_message'),
  lastFailureCode: text('last_failure_code'),
  /** The gateway intent waiting for the customer's authentication (dunningStatus action_required). */
  pendingIntentId: text('pending_intent_id'),
  voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  created: created(),
}, (t) => [
  index('invoices_account_idx').on(t.accountUid, t.invoiceDate),
  uniqueIndex('invoices_number_idx').on(t.invoiceNumber),
  // One renewal invoice per subscription period, whatever crashes or runners race (issue 17).
  uniqueIndex('invoices_renewal_period_idx').on(t.subscriptionUid, t.periodStart).where(sql`${t.kind} = 'renewal'`),
  // The collector's look for Open invoices due an attempt.
  index('invoices_collect_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'Open' and ${t.nextAttemptAt} is not null`),
]);

/**
 * Usage of usage-priced add-ons reported by the company through the admin API (issue 17): billed on
 * the renewal invoice of the period it falls in (period start included, end excluded). A report's
 * key (the company's own id for it) makes a repeated report count once.
 */
export const usageRecords = pgTable('usage_records', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  addOnUid: text('add_on_uid').notNull().references(() => addOns.uid),
  quantity: integer('quantity').notNull(),
  /** When the usage happened (server clock when the report names none). */
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull(),
  reportKey: text('report_key').notNull(),
  created: created(),
}, (t) => [
  uniqueIndex('usage_records_key_idx').on(t.accountUid, t.reportKey),
  index('usage_records_period_idx').on(t.accountUid, t.addOnUid, t.usedAt),
]);

/** The last invoice number given (one row per numbering series; the company's is 'invoices'), updated in the invoice's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Cancellation requests (spec 2 section 3): the plan ends at the period end; 'Restore plan' marks the
 * request restored. At most one open request per account.
 */
export const cancellations = pgTable('cancellations', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  personUid: text('person_uid').references(() => people.uid, { onDelete: 'set null' }),
  priorAccountStage: text('prior_account_stage'),
  cancelationReason: text('cancelation_reason'),
  comment: text('comment'),
  submittedDateTime: timestamp('submitted_date_time', { withTimezone: true, mode: 'date' }).notNull(),
  /** When the plan ends (the current period's end). */
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
  /** Set by 'Restore plan'; an open request has none. */
  restored: timestamp('restored', { withTimezone: true, mode: 'date' }),
}, (t) => [uniqueIndex('cancellations_open_idx').on(t.accountUid).where(sql`${t.restored} is null`)]);

/** Money received (or refused) for an invoice through a gateway. */
export const payments = pgTable('payments', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull().references(() => accounts.uid, { onDelete: 'cascade' }),
  invoiceUid: text('invoice_uid').references(() => invoices.uid, { onDelete: 'set null' }),
  paymentInformationUid: text('payment_information_uid').references(() => paymentInformation.uid, { onDelete: 'set null' }),
  gateway: text('gateway').notNull(),
  /** The gateway's id of the intent or charge; unique, so one intent is never booked twice. */
  gatewayReference: text('gateway_reference').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** authorized (sign-up payment held until the registration commits), succeeded, failed, refunded, canceled */
  status: text('status').notNull(),
  failureMessage: text('failure_message'),
  /**
   * Outbox messages to write in the transaction that books this payment, when that makes its invoice
   * Paid (a paid sign-up's receipt): stored with the payment, so the request's own settle and payment
   * recovery (payments/payment-recovery.ts) write them the same way, once.
   */
  onPaid: jsonb('on_paid').$type<{ topic: string; payload: unknown }[]>(),
  created: created(),
}, (t) => [
  uniqueIndex('payments_gateway_ref_idx').on(t.gateway, t.gatewayReference), index('payments_account_idx').on(t.accountUid),
  // Payment recovery's periodic look for authorizations committed work left uncaptured (usually none).
  index('payments_authorized_idx').on(t.created).where(sql`${t.status} = 'authorized'`),
]);

/**
 * Payment and setup intents this server asked a gateway for, so an intent can be checked against the
 * amount it was made for, cancelled, and tied to the registration that used it.
 */
export const paymentIntents = pgTable('payment_intents', {
  uid: text('uid').primaryKey(),
  gateway: text('gateway').notNull(),
  gatewayIntentId: text('gateway_intent_id').notNull(),
  /** payment, setup */
  kind: text('kind').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  accountUid: text('account_uid').references(() => accounts.uid, { onDelete: 'cascade' }),
  /** The registration or change this intent was made for (a hash of the request), so a changed amount needs a new intent. */
  purpose: text('purpose'),
  status: text('status').notNull(),
  /** Set when a registration or change consumed the intent: one intent pays once. */
  consumed: timestamp('consumed', { withTimezone: true, mode: 'date' }),
  created: created(),
  updated: updated(),
}, (t) => [
  uniqueIndex('payment_intents_gateway_idx').on(t.gateway, t.gatewayIntentId),
  // Payment recovery's periodic look for sign-up intents no registration took (open ones only: each is closed once).
  index('payment_intents_open_signup_idx').on(t.created).where(sql`${t.accountUid} is null and ${t.kind} = 'payment' and ${t.status} not in ('canceled', 'succeeded')`),
]);

/**
 * Durable outbox for work done after a commit (sign-up webhooks, emails): written in the same transaction
 * as the change, delivered by a worker with FOR UPDATE SKIP LOCKED and retried with backoff.
 */
export const outbox = pgTable('outbox', {
  uid: text('uid').primaryKey(),
  topic: text('topic').notNull(),
  payload: jsonb('payload').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttempt: timestamp('next_attempt', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  delivered: timestamp('delivered', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  created: created(),
}, (t) => [index('outbox_pending_idx').on(t.nextAttempt).where(sql`${t.delivered} is null`)]);

/**
 * One row per periodic job (jobs/job-runner.ts): when it is next due, by the server clock (the admin
 * clock moves it), and who holds its run. A run is claimed by one UPDATE that sets `lease_until`
 * (real time: a node that died lets it go when the lease ends), so one period's run happens on one
 * node however many run the runner. `attempts` and `last_error` say how its last runs went.
 */
export const periodicJobs = pgTable('periodic_jobs', {
  name: text('name').primaryKey(),
  nextRun: timestamp('next_run', { withTimezone: true, mode: 'date' }).notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  lastRun: timestamp('last_run', { withTimezone: true, mode: 'date' }),
  lastResult: integer('last_result'),
});

/**
 * Solved captcha challenges already accepted (ALTCHA): a solution is good for one form submit.
 * Kept until the challenge expires, when a replay would fail anyway; shared by every node.
 */
export const captchaSolutions = pgTable('captcha_solutions', {
  id: text('id').primaryKey(),
  expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('captcha_solutions_expires_idx').on(t.expires)]);

// The sandbox gateway's own records: it behaves like an external provider's test mode, so it keeps
// customers, saved methods, intents and charges of its own, apart from Portico's tables.
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What the test card number does: succeed, decline, authenticate */
  behavior: text('behavior').notNull(),
  nameOnCard: text('name_on_card'),
  created: created(),
});

export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  /** payment, setup */
  kind: text('kind').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  /** requires_payment_method, requires_action, requires_capture, succeeded, canceled */
  status: text('status').notNull(),
  lastError: text('last_error'),
  /** automatic, or manual: a confirmed payment waits in requires_capture until captured or cancelled. */
  captureMethod: text('capture_method').notNull().default('automatic'),
  /** Where the authentication step sends the browser back (set at confirm, checked against the allowed origins). */
  returnUrl: text('return_url'),
  /** Made and confirmed by the merchant on a saved method without the customer present (off-session charge). */
  offSession: boolean('off_session').notNull().default(false),
  created: created(),
  updated: updated(),
});

/** The sandbox provider's subscriptions (the card-provider billing variant): made through `POST /sandbox/v1/subscriptions`, as a test or the demo sets them up in a provider's dashboard. */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  /** active, trialing, past_due, canceled, incomplete, unpaid */
  status: text('status').notNull(),
  startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
  cancelAt: timestamp('cancel_at', { withTimezone: true, mode: 'date' }),
  /** Items: [{ productName, unitAmount, currency, interval, quantity }] */
  items: jsonb('items').notNull(),
  created: created(),
}, (t) => [index('sandbox_subscriptions_customer_idx').on(t.customerId)]);

/** The sandbox provider's invoices (card-provider billing variant). */
export const sandboxInvoices = pgTable('sandbox_invoices', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  subscriptionId: text('subscription_id'),
  number: text('number').notNull(),
  currency: text('currency').notNull(),
  total: integer('total').notNull(),
  /** draft, open, paid, uncollectible, void */
  status: text('status').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
  /** Items as billed: [{ description, quantity, unitAmount, amount }] */
  lines: jsonb('lines').notNull(),
  created: created(),
}, (t) => [index('sandbox_invoices_customer_idx').on(t.customerId)]);

/** Sessions of the sandbox's plain customer portal page. */
export const sandboxPortalSessions = pgTable('sandbox_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  created: created(),
});

export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  intentId: text('intent_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  /** authorized (manual capture, not yet captured), succeeded, failed, refunded, canceled */
  status: text('status').notNull(),
  created: created(),
});

/**
 * Signed-in sessions (issue 8): every access token names one (claim `sid`). Ending a session
 * (logout, idle or absolute lifetime passed) stops its tokens at once; the guard reads this row.
 */
export const sessions = pgTable('sessions', {
  uid: text('uid').primaryKey(),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  accountUid: text('account_uid').references(() => accounts.uid, { onDelete: 'set null' }),
  created: created(),
  lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  idleExpires: timestamp('idle_expires', { withTimezone: true, mode: 'date' }).notNull(),
  absoluteExpires: timestamp('absolute_expires', { withTimezone: true, mode: 'date' }).notNull(),
  ended: timestamp('ended', { withTimezone: true, mode: 'date' }),
  /** logout, idle, absolute, revoked */
  endReason: text('end_reason'),
  /**
   * When the person last proved who they are on this session: the sign-in, or a re-authentication
   * (password or a fresh Google sign-in). The re-authentication policy (auth/reauthentication.ts) reads it.
   */
  authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The browser's User-Agent and the client address at sign-in (the person's session list shows them). */
  userAgent: text('user_agent'),
  ip: text('ip'),
}, (t) => [index('sessions_person_idx').on(t.personUid)]);

/**
 * Browsers a person has signed in from (issue 12): the widget keeps the device token in its own
 * storage and sends it with a login, so the owner still gets in while strangers' wrong passwords
 * have tripped the account's sign-in limit. Only the SHA-256 of the token is stored.
 */
export const knownDevices = pgTable('known_devices', {
  ...knownDeviceColumns(),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
}, (t) => [index('known_devices_person_idx').on(t.personUid)]);

/**
 * Token signing keys (JWKS). The private JWK is stored encrypted (AES-256-GCM) under
 * PORTICO_KEY_ENCRYPTION_KEY; `not_after` is when the last token it signed has expired,
 * after which it leaves the JWKS.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: text('private_jwk').notNull(),
  created: created(),
  retired: timestamp('retired', { withTimezone: true, mode: 'date' }),
  notAfter: timestamp('not_after', { withTimezone: true, mode: 'date' }),
});

/** Earlier password hashes of a person, for the PasswordHistory rule. */
export const passwordHistory = pgTable('password_history', {
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  created: created(),
}, (t) => [index('password_history_person_idx').on(t.personUid, t.created)]);

/** Security-relevant events (sign-in success and failure, logout), append-only. */
export const auditLog = pgTable('audit_log', {
  uid: text('uid').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The person acting, when known (null for a failed sign-in with an unknown email). */
  actor: text('actor'),
  action: text('action').notNull(),
  target: text('target'),
  ip: text('ip'),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
}, (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actor)]);

// ---- discord (issue 18) ----

/**
 * A person's connected Discord account (docs/community.md "What is stored"): the Discord user id and
 * username only. No OAuth token is kept: the user's access token is used once, in the callback, to
 * read the user and join the guild; every later call (roles, removal) uses the bot token.
 */
export const discordConnections = pgTable('discord_connections', {
  personUid: text('person_uid').primaryKey().references(() => people.uid, { onDelete: 'cascade' }),
  discordUserId: text('discord_user_id').notNull(),
  username: text('username').notNull(),
  connected: timestamp('connected', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [uniqueIndex('discord_connections_user_idx').on(t.discordUserId)]);

/**
 * The OAuth `state` of one connect attempt, stored as its SHA-256 only: single use (taken in one
 * statement), expiring, bound to the person and the sign-in session that asked (the session must
 * still be live at the callback). Holds the PKCE verifier and where to send the person back.
 */
export const discordOauthStates = pgTable('discord_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  sessionUid: text('session_uid').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnUrl: text('return_url'),
  expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  used: timestamp('used', { withTimezone: true, mode: 'date' }),
}, (t) => [index('discord_oauth_states_expires_idx').on(t.expires)]);

/** Each role repair of the reconciliation (or of a prompt reaction): what Discord had and what Portico did. */
export const discordRoleRepairs = pgTable('discord_role_repairs', {
  uid: text('uid').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  personUid: text('person_uid').notNull(),
  discordUserId: text('discord_user_id').notNull(),
  /** 'role.add', 'role.remove', 'member.join'. */
  action: text('action').notNull(),
  roleId: text('role_id'),
  /** 'reconcile' (the periodic job), 'connect', 'subscription' (reacting to a change). */
  source: text('source').notNull(),
}, (t) => [index('discord_role_repairs_at_idx').on(t.at)]);
// ---- lists (issue 18) ----

/** A person's place on one email list (spec 3 "Email-list subscription"); status by name (Subscribed, Unsubscribed, Cleaned, Confirmed). */
export const emailListSubscriptions = pgTable('email_list_subscriptions', {
  uid: text('uid').primaryKey(),
  listUid: text('list_uid').notNull().references(() => emailLists.uid, { onDelete: 'cascade' }),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  unsubscribeReason: text('unsubscribe_reason'),
  unsubscribeReasonOther: text('unsubscribe_reason_other'),
  created: created(),
  updated: updated(),
}, (t) => [
  uniqueIndex('email_list_subscriptions_list_person_idx').on(t.listUid, t.personUid),
  index('email_list_subscriptions_person_idx').on(t.personUid),
]);

/** The consent log: every opt-in, confirmation and opt-out, append-only (docs/email-lists.md). */
export const emailListConsents = pgTable('email_list_consents', {
  uid: text('uid').primaryKey(),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  listUid: text('list_uid').notNull().references(() => emailLists.uid, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  source: text('source').notNull(),
  ip: text('ip'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
}, (t) => [index('email_list_consents_person_idx').on(t.personUid, t.at)]);

/** The HMAC key of mailed preferences links (one row, made on first use so every node shares it). */
export const emailListLinkKeys = pgTable('email_list_link_keys', {
  id: integer('id').primaryKey(),
  key: text('key').notNull(),
  created: created(),
});
// ---- support (issue 18) ----

/**
 * Support cases (spec 2 section 3 "Support case"; docs/support.md). A help-form request is one
 * (Source 1, Website); the live chat (Source 5) and the operator console answer them later. `number`
 * is the short number people quote ("case #1042"); `personUid` links a known person, the email is
 * kept as sent either way.
 */
export const supportCases = pgTable('support_cases', {
  uid: text('uid').primaryKey(),
  number: integer('number').generatedAlwaysAsIdentity({ startWith: 1000 }).notNull(),
  source: integer('source').notNull(),
  status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
  personUid: text('person_uid').references(() => people.uid, { onDelete: 'set null' }),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  /** A chat case's visitor (issue 19; docs/chat.md); null for other sources. */
  visitorUid: text('visitor_uid').references(() => chatVisitors.uid, { onDelete: 'set null' }),
  /** The Seq of the case's last chat message: `UPDATE … SET last_seq = last_seq + 1 RETURNING` numbers the next one and locks the case. */
  lastSeq: integer('last_seq').notNull().default(0),
  created: created(),
  updated: updated(),
}, (t) => [
  uniqueIndex('support_cases_number_idx').on(t.number),
  index('support_cases_email_idx').on(sql`lower(${t.email})`, t.created),
  index('support_cases_status_idx').on(t.status, t.created),
  // One open chat per visitor: two first messages at once make one case.
  uniqueIndex('support_cases_open_chat_idx').on(t.visitorUid).where(sql`${t.source} = 5 and ${t.status} = 'open'`),
  // The console's search by email prefix (issue 20, bench/console-inbox-search.mjs): LIKE 'x%' needs the pattern opclass.
  index('support_cases_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
]);

/**
 * What happened on a case, in order (spec 2 section 3 activity types 1-8: PersonReply, Note, Closed,
 * Reopened, Assigned, AgentReply, AutoReply, ContactChange). `body` is plain text as written (never
 * HTML; shown as text). The author is the person (email) or an agent (name), or the system.
 */
export const supportCaseActivities = pgTable('support_case_activities', {
  uid: text('uid').primaryKey(),
  caseUid: text('case_uid').notNull().references(() => supportCases.uid, { onDelete: 'cascade' }),
  type: integer('type').notNull(),
  body: text('body').notNull().default(''),
  authorKind: text('author_kind').$type<'person' | 'agent' | 'system'>().notNull(),
  authorName: text('author_name'),
  authorEmail: text('author_email'),
  /** A chat message's sequence number in its case (issue 19): 1, 2, 3 … in commit order; null for other activities. */
  seq: integer('seq'),
  /** The id the visitor's client gave a chat message: a retried send finds it and is stored once. */
  clientId: text('client_id'),
  /** When the visitor saw an agent message (markChatRead). */
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  created: created(),
}, (t) => [
  index('support_case_activities_case_idx').on(t.caseUid, t.created),
  uniqueIndex('support_case_activities_seq_idx').on(t.caseUid, t.seq),
  uniqueIndex('support_case_activities_client_id_idx').on(t.caseUid, t.clientId),
]);

/**
 * A file sent with a case (and the activity it came with). The bytes live in `files` (the same
 * store as profile photos, content-checked); the public GET /files/{uid} never serves these.
 */
export const supportAttachments = pgTable('support_attachments', {
  uid: text('uid').primaryKey(),
  caseUid: text('case_uid').notNull().references(() => supportCases.uid, { onDelete: 'cascade' }),
  activityUid: text('activity_uid').references(() => supportCaseActivities.uid, { onDelete: 'cascade' }),
  fileUid: text('file_uid').notNull().references(() => files.uid),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  created: created(),
}, (t) => [index('support_attachments_case_idx').on(t.caseUid), uniqueIndex('support_attachments_file_idx').on(t.fileUid)]);
// ---- chat (issue 19) ----

/**
 * A chat visitor (docs/chat.md "Identity"): `uid` is the uvi the browser keeps, issued here from 24
 * random bytes and valid only while its row exists (so it cannot be forged). A signed-in person has
 * one visitor of their own (`person_uid`), so their conversation follows them. `email` is what the
 * visitor gave (RequireEmail) or the person's.
 */
export const chatVisitors = pgTable('chat_visitors', {
  uid: text('uid').primaryKey(),
  personUid: text('person_uid').references(() => people.uid, { onDelete: 'cascade' }),
  email: text('email'),
  created: created(),
}, (t) => [uniqueIndex('chat_visitors_person_idx').on(t.personUid)]);

// ---- leads (issue 18) ----

/**
 * Lead capture forms (spec 2 section 3 "Lead form"; docs/lead-forms.md): seeded from the company config's
 * `leadForms`, edited through the admin API. `config` holds the checked form (fields, post-submission,
 * captcha, list) as the admin API's body without the Uid.
 */
export const leadForms = pgTable('lead_forms', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  created: created(),
  updated: updated(),
});

/**
 * One row per accepted submission (spec 3 "Submission": LeadForm.Uid, Person, RefererURL). The values as
 * typed are kept here: a known person's filled fields are not overwritten, so the person alone would not show them.
 */
export const leadFormSubmissions = pgTable('lead_form_submissions', {
  uid: text('uid').primaryKey(),
  formUid: text('form_uid').notNull().references(() => leadForms.uid, { onDelete: 'cascade' }),
  personUid: text('person_uid').notNull().references(() => people.uid, { onDelete: 'cascade' }),
  refererUrl: text('referer_url'),
  ip: text('ip'),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  /** Whether this submission created the person (false: an existing person, only their empty fields filled). */
  createdPerson: boolean('created_person').notNull(),
  created: created(),
}, (t) => [index('lead_form_submissions_form_idx').on(t.formUid, t.created)]);

// ---- operator console (issue 20; docs/console.md) ----

/**
 * The company's own people who answer chats and cases in the console: not Person rows (a customer
 * never becomes an operator by an email match). Email unique case-insensitively; the password is
 * an argon2id hash (passwords/password-hashing.ts). `online_until` is the presence deadline the
 * console's heartbeat pushes (docs/console.md "Presence").
 */
export const operators = pgTable('operators', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').$type<'agent' | 'admin'>().notNull(),
  /** Null until the operator sets one from the invitation's link (docs/console.md "Operators"). */
  passwordHash: text('password_hash'),
  disabled: boolean('disabled').notNull().default(false),
  onlineUntil: timestamp('online_until', { withTimezone: true, mode: 'date' }),
  created: created(),
}, (t) => [uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`)]);

/**
 * An operator's sign-in sessions: the same columns and the same rules as `sessions`
 * (auth/sessions.ts startSession / liveSession), in a table of their own so no member-session query
 * (lists, end-all, cleanup) can ever see an operator's, and the foreign key stays real (decisions.md).
 */
export const operatorSessions = pgTable('operator_sessions', {
  uid: text('uid').primaryKey(),
  operatorUid: text('operator_uid').notNull().references(() => operators.uid, { onDelete: 'cascade' }),
  created: created(),
  lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  idleExpires: timestamp('idle_expires', { withTimezone: true, mode: 'date' }).notNull(),
  absoluteExpires: timestamp('absolute_expires', { withTimezone: true, mode: 'date' }).notNull(),
  ended: timestamp('ended', { withTimezone: true, mode: 'date' }),
  endReason: text('end_reason'),
  authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  userAgent: text('user_agent'),
  ip: text('ip'),
}, (t) => [index('operator_sessions_operator_idx').on(t.operatorUid)]);

/**
 * An operator's mailed single-use tokens (purposes `invite`, `reset`, `signin-code`): the columns of
 * `email_tokens` and the same repositories, in a table of their own so an operator's link can never be
 * taken by a member's route (or the reverse) and the foreign key stays real (decisions.md).
 */
export const operatorEmailTokens = pgTable('operator_email_tokens', {
  ...mailedTokenColumns(),
  operatorUid: text('operator_uid').notNull().references(() => operators.uid, { onDelete: 'cascade' }),
}, (t) => [index('operator_email_tokens_operator_idx').on(t.operatorUid)]);

/** Browsers an operator signed in to the console from: `known_devices`' columns and repository (decisions.md). */
export const operatorKnownDevices = pgTable('operator_known_devices', {
  ...knownDeviceColumns(),
  operatorUid: text('operator_uid').notNull().references(() => operators.uid, { onDelete: 'cascade' }),
}, (t) => [index('operator_known_devices_operator_idx').on(t.operatorUid)]);

/** Who a case is assigned to ('assign to me'); no row: unassigned. */
export const supportCaseAssignments = pgTable('support_case_assignments', {
  caseUid: text('case_uid').primaryKey().references(() => supportCases.uid, { onDelete: 'cascade' }),
  operatorUid: text('operator_uid').notNull().references(() => operators.uid, { onDelete: 'cascade' }),
  assigned: created(),
}, (t) => [index('support_case_assignments_operator_idx').on(t.operatorUid)]);

/** When an operator last read a case: person activity after it marks the case unread for them. */
export const supportCaseReads = pgTable('support_case_reads', {
  operatorUid: text('operator_uid').notNull().references(() => operators.uid, { onDelete: 'cascade' }),
  caseUid: text('case_uid').notNull().references(() => supportCases.uid, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [primaryKey({ columns: [t.operatorUid, t.caseUid] })]);

/**
 * A case's reply token, as its SHA-256 (the token itself is an HMAC of the case uid under a key in
 * `settings`, recomputed when a reply is mailed; support/reply-tokens.ts). An inbound mail's token
 * is hashed and looked up here.
 */
export const supportReplyTokens = pgTable('support_reply_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  caseUid: text('case_uid').notNull().references(() => supportCases.uid, { onDelete: 'cascade' }),
  created: created(),
}, (t) => [index('support_reply_tokens_case_idx').on(t.caseUid)]);

/** Inbound mails taken into a case, by Message-ID: a provider's retry of the same message stores nothing twice. */
export const supportInboundMails = pgTable('support_inbound_mails', {
  messageId: text('message_id').primaryKey(),
  caseUid: text('case_uid').notNull().references(() => supportCases.uid, { onDelete: 'cascade' }),
  activityUid: text('activity_uid').notNull(),
  received: created(),
});
