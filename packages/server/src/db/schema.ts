import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The spec's entities (spec 1 section 3, spec 2 section 3). Money columns are
 * integer minor units; the wire carries major units (docs/decisions.md).
 */
const created = () => timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updated = () => timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const rates = () => ({
  monthlyRate: integer('monthly_rate'),
  quarterlyRate: integer('quarterly_rate'),
  annualRate: integer('annual_rate'),
  oneTimeRate: integer('one_time_rate'),
  setupFee: integer('setup_fee'),
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
}, (t) => [uniqueIndex('person_accounts_pair_idx').on(t.personUid, t.accountUid)]);

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
}, (t) => [index('subscriptions_account_idx').on(t.accountUid)]);

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
  latestFailureDateTime: timestamp('latest_failure_date_time', { withTimezone: true, mode: 'date' }),
  updated: updated(),
});

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
