import { z } from 'zod';
import { accountOut } from '../accounts/accounts.schemas.ts';
import { signInOut } from '../auth/auth.schemas.ts';
import { fieldsParam, subscriptionInput, subscriptionOut } from '../billing/billing.schemas.ts';
import { idempotencyKeyHeader } from '../http/idempotency.ts';
import { accountFieldsInput, personFieldsInput } from '../accounts/editable-fields.schemas.ts';

/**
 * Wire schemas of registration (docs/registration.md). The body carries the form's own shape,
 * `{ Account, Person }` as core's field paths name them (`Person.Email`,
 * `Account.BillingAddress.City`), plus the subscription, the payment, the nonce and the captcha
 * token. Values are bounded here; which fields are required and what they must look like is
 * the company's field configuration, checked by core's field rules.
 */
export const registrationPersonInput = personFieldsInput.extend({
  OptInToEmailList: z.boolean().optional(),
  /** Checked against the password policy and stored as an argon2id hash; required when the company says so. */
  Password: z.string().max(256).optional(),
});

export const registrationAccountInput = accountFieldsInput;

export const registrationInput = z.object({
  Account: registrationAccountInput.default({}),
  Person: registrationPersonInput,
  /** The new subscription; absent or null registers the account and person only ('Continue to checkout'). */
  Subscription: subscriptionInput.omit({ Uid: true, Account: true, StartDate: true }).nullable().optional(),
  /** The completed payment or setup intent (spec 1 section 7: PaymentClientSecret, SetupIntent). */
  PaymentInformation: z.object({
    PaymentClientSecret: z.string().max(500).nullable().optional(),
    SetupIntent: z.string().max(500).nullable().optional(),
  }).nullable().optional(),
  /** From POST /nonce; good for one registration. */
  Nonce: z.string().max(200).optional(),
  /** The captcha's token (whatever the configured provider hands the widget). */
  RecaptchaToken: z.string().max(20_000).optional(),
  /** A Google ID token ("Sign in with Google"): the email comes from it, verified. */
  GoogleIdToken: z.string().max(10_000).optional(),
  /** Required when the company shows terms at registration. */
  TermsAccepted: z.boolean().optional(),
});
export type RegistrationInput = z.infer<typeof registrationInput>;

/** The registration as sent by a client, before defaults: what the multipart `account` part is parsed against. */
export const registrationQuery = z.object({
  /** The page the confirmation link opens (an allowed site origin); default: the config's registration.confirmationUrl. */
  confirmationUrl: z.string().url().max(2000).optional(),
  fields: fieldsParam,
});

export const registrationHeaders = z.object({
  /** The browser's IANA time zone; an unknown one is ignored. */
  'x-timezone': z.string().max(64).optional(),
  /** Send the nonce's value (or any fresh value) so a retried submit replays the first answer. */
  'idempotency-key': idempotencyKeyHeader.optional(),
}).loose();

const invoiceOut = z.object({
  Uid: z.string(),
  InvoiceNumber: z.number(),
  InvoiceDate: z.string(),
  Currency: z.string(),
  /** Major units. */
  Total: z.number(),
  AmountPaid: z.number(),
  /** The tax inside Total, and the discount taken off before tax (both ≥ 0, major units). */
  Tax: z.number(),
  Discount: z.number(),
  Status: z.enum(['Open', 'Paid', 'Void']),
});

/** The card (or bank account) the sign-up was paid or set up with: 'Visa ending in 4242'. */
const paymentMethodOut = z.object({
  /** 'Visa', 'Mastercard', 'American Express', 'Discover', a bank's name, or null for a brand not named. */
  Brand: z.string().nullable(),
  Last4: z.string().nullable(),
});

/** What follows today: the first renewal invoice of the new subscription (core's renewal summary). */
const nextRenewalOut = z.object({
  /** YYYY-MM-DD. */
  Date: z.string(),
  /** Major units, tax included, as it will be billed. */
  Amount: z.number(),
  /** The renewal is the end of the plan's free trial (its first charge). */
  EndsTrial: z.boolean(),
  /** The saved payment method is charged on that day by itself; false: an invoice waits (payments mode manual, or no method saved). */
  ChargedAutomatically: z.boolean(),
});

export const registrationOut = z.object({
  Account: accountOut,
  Person: z.object({
    Uid: z.string(), Email: z.string(), FirstName: z.string().nullable(), LastName: z.string().nullable(),
    ProfileImageUrl: z.string().nullable(), EmailConfirmed: z.boolean(),
  }),
  Subscription: subscriptionOut.nullable(),
  /** The first invoice, when the sign-up billed something now (absent for free plans and trials). */
  Invoice: invoiceOut.nullable(),
  /** The payment method given at sign-up; null when none was. */
  PaymentMethod: paymentMethodOut.nullable(),
  /** The first renewal; null when nothing renews (a one-time purchase) or no plan was bought. */
  NextRenewal: nextRenewalOut.nullable(),
  /** 'Almost done': a mail with a link was sent and the link must be followed (to confirm the email, or to set the password). */
  RequiresConfirmation: z.boolean(),
  /** No password was given: the mailed link is where the person sets it (and confirms the email). */
  SetPasswordLink: z.boolean(),
  /** 'Account created': the person signed up with Google. */
  CreatedWithGoogle: z.boolean(),
});
export type RegistrationOut = z.infer<typeof registrationOut>;

export const resultOut = z.object({ Result: z.boolean() });
export const nonceOut = z.object({ Value: z.string() });
export const emailExistsQuery = z.object({ email: z.string().max(254) });
export const confirmInput = z.object({ Token: z.string().min(1).max(200) });
export const confirmOut = z.object({
  Person: z.object({ Uid: z.string(), Email: z.string() }),
  EmailConfirmed: z.boolean(),
  /** The person has no password yet: open resetPassword with this token as `confirmationToken` (it was not used). */
  SetPassword: z.boolean(),
  /** The sign-in the link started, as POST /tokens answers it; null when SetPassword. */
  SignIn: signInOut.nullable(),
});
