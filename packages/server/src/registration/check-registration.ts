import { ErrorCode, type FieldError, type WireFieldConfigurationEntry } from '@portico/core';
import { fieldRuleOptions } from '../fields/field-rule-options.ts';
import {
  configuredFields, DEFAULT_REGISTRATION_FIELDS, normalizeForSubmit, registrationFields, toPayload, validateFields, valuesFromPayload,
  type ConfiguredField,
} from '@portico/core/fields/index';
import { isPaymentDue } from '@portico/core/billing/payment-due';
import { checkPassword, passwordFieldErrors } from '@portico/core/passwords/password-policy';
import { displayName } from '@portico/core/profile/display-name';
import { isCommonPassword } from '../passwords/common-passwords.ts';
import { COMMON_PASSWORD_KEY } from '../passwords/validate-password.ts';
import { PROFILE_IMAGE_MAX_BYTES, type ProfileImageType } from '@portico/core/signup/registration-limits';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { StoredAddress } from '../accounts/accounts.repository.ts';
import { storedAddress, trimmedOrNull, type SubmittedAddress } from '../accounts/submitted-address.ts';
import type { CatalogSnapshot } from '../billing/catalog-snapshot.ts';
import { resolveSubscriptionRequest, type ResolvedRequest } from '../billing/resolve-subscription-request.ts';
import { checkImage, tooManyPixelsMessage } from '../files/sniff-image-type.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { GoogleProfile } from '../google/verify-google-id-token.ts';
import type { RegistrationInput } from './registration.schemas.ts';

/** The multipart file part, as received: its bytes, or only the fact that it went past the limit. */
export interface ReceivedImage {
  bytes: Buffer;
  tooLarge: boolean;
}

export const PROFILE_IMAGE_FIELD = 'Person.profileImage';

type Address = SubmittedAddress;

/** A registration that passed every rule that writes nothing, normalized as it will be stored. */
export interface CheckedRegistration {
  email: string;
  person: {
    firstName: string | null; lastName: string | null; title: string | null; phoneMobile: string | null; phoneWork: string | null;
    mailingAddress: Address | null; optInToEmailList: boolean; fieldValues: Record<string, unknown>;
  };
  account: {
    name: string; clientIdentifier: string | null; domainName: string | null; billingAddress: Address | null; mailingAddress: Address | null;
    taxIds: { TaxIdType: string; TaxId: string }[]; fieldValues: Record<string, unknown>;
  };
  subscription: ResolvedRequest | null;
  password: string | null;
  image: { bytes: Buffer; contentType: ProfileImageType } | null;
  google: GoogleProfile | null;
}

export interface CheckContext {
  config: CompanyConfig;
  now: Date;
  snapshot: CatalogSnapshot;
  /** The company's registration field configuration (fields repository, 'registration'). */
  fieldConfiguration: readonly WireFieldConfigurationEntry[];
  image: ReceivedImage | null;
  google: GoogleProfile | null;
}

/**
 * The form's fields; sign-up always has an email, so the default Email field joins a configuration without one.
 * A RequiredWhenPaymentDue field is required when the subscription costs something (core's isPaymentDue, the
 * widget's rule too), and optional otherwise (checked when sent).
 */
function formFields(entries: readonly WireFieldConfigurationEntry[], paymentDue: boolean): ConfiguredField[] {
  const fields = registrationFields(entries, { paymentDue });
  return fields.some((f) => f.path === 'Person.Email') ? fields : [...configuredFields(DEFAULT_REGISTRATION_FIELDS), ...fields];
}

const orNull = trimmedOrNull;

function imageErrors(image: ReceivedImage | null): { errors: FieldError[]; type: ProfileImageType | null } {
  if (!image) return { errors: [], type: null };
  if (image.tooLarge || image.bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    return { errors: [fieldError(PROFILE_IMAGE_FIELD, ErrorCode.FileTooLarge, `The profile image may be at most ${PROFILE_IMAGE_MAX_BYTES.toLocaleString('en-US')} bytes.`)], type: null };
  }
  const verdict = checkImage(image.bytes);
  if (!verdict.ok && verdict.problem === 'pixels') {
    return { errors: [fieldError(PROFILE_IMAGE_FIELD, ErrorCode.FileInvalidType, tooManyPixelsMessage(verdict.width, verdict.height))], type: null };
  }
  if (!verdict.ok) return { errors: [fieldError(PROFILE_IMAGE_FIELD, ErrorCode.FileInvalidType, 'The profile image must be a PNG or JPEG image.')], type: null };
  return { errors: [], type: verdict.type };
}

function subscriptionOf(body: RegistrationInput, snapshot: CatalogSnapshot, now: Date, errors: FieldError[]): ResolvedRequest | null {
  if (!body.Subscription) return null;
  try {
    return resolveSubscriptionRequest(body.Subscription, snapshot, { now });
  } catch (err) {
    // Field errors point into the registration body; an unknown plan (404) stays what it is.
    if (err instanceof AppError && err.fieldErrors.length) {
      errors.push(...err.fieldErrors.map((e) => ({ ...e, Field: `Subscription.${e.Field}` })));
      return null;
    }
    throw err;
  }
}

/**
 * Every rule of spec 1 section 5 that needs no write: the configured fields (core's rules, the
 * same the widget runs), the password policy, the terms, the subscription (core's billing rules)
 * and the profile image by its bytes. All failures come back together in one 400. A Google
 * sign-up takes its email from the verified token. The duplicate-email check, the captcha and the
 * nonce come after (register-account.ts).
 */
export function checkRegistration(body: RegistrationInput, ctx: CheckContext): CheckedRegistration {
  const errors: FieldError[] = [];
  const form = { Person: { ...body.Person }, Account: body.Account };
  if (ctx.google) {
    const typed = body.Person.Email?.trim();
    if (typed && typed.toLowerCase() !== ctx.google.email.toLowerCase()) {
      errors.push(fieldError('Person.Email', ErrorCode.InvalidCredentialsGoogle, 'The email must be the one of the Google account you signed in with.'));
    }
    form.Person.Email = ctx.google.email;
    form.Person.FirstName ??= ctx.google.givenName ?? null;
    form.Person.LastName ??= ctx.google.familyName ?? null;
  }
  // The subscription first (whether payment is due decides the fields), its errors after the fields' and the terms'.
  const subscriptionErrors: FieldError[] = [];
  const subscription = subscriptionOf(body, ctx.snapshot, ctx.now, subscriptionErrors);
  const paymentDue = isPaymentDue(subscription, ctx.config.registration.requirePaymentInformation);
  const fields = formFields(ctx.fieldConfiguration, paymentDue);
  const values = valuesFromPayload(fields, form);
  errors.push(...validateFields(fields, values, fieldRuleOptions(ctx.config.billing.taxIdTypes)));
  const submitted = toPayload(normalizeForSubmit(fields, values)) as { Person?: Record<string, unknown>; Account?: Record<string, unknown> };
  const p = submitted.Person ?? {};
  const a = submitted.Account ?? {};
  const email = String(p.Email ?? '');

  const password = body.Person.Password ?? '';
  if (password !== '' || (ctx.config.registration.requirePassword && !ctx.google)) {
    if (password === '') errors.push(fieldError('Person.Password', ErrorCode.Required));
    else {
      const results = checkPassword(password, ctx.config.passwordPolicy, {
        personalData: [email, orNull(p.FirstName), orNull(p.LastName)],
        extraRules: [{ PolicyKey: COMMON_PASSWORD_KEY, isValid: (pw) => !isCommonPassword(pw) }],
      });
      errors.push(...passwordFieldErrors('Person.Password', results, ctx.config.passwordPolicy));
    }
  }
  if (ctx.config.terms.locations.includes('Registration') && body.TermsAccepted !== true) {
    errors.push(fieldError('TermsAccepted', ErrorCode.Required, 'Please accept the terms.'));
  }
  errors.push(...subscriptionErrors);
  const image = imageErrors(ctx.image);
  errors.push(...image.errors);
  if (errors.length) throw validationError(errors, errors.length === 1 ? errors[0]!.ErrorCode : ErrorCode.ValidationFailed);

  const firstName = orNull(p.FirstName);
  const lastName = orNull(p.LastName);
  return {
    email,
    person: {
      firstName, lastName, title: orNull(p.Title), phoneMobile: orNull(p.PhoneMobile), phoneWork: orNull(p.PhoneWork),
      mailingAddress: storedAddress(p.MailingAddress), optInToEmailList: body.Person.OptInToEmailList === true,
      fieldValues: (p.FieldValues as Record<string, unknown> | undefined) ?? {},
    },
    account: {
      // accounts.name is required; a form without an account name names the account after its person.
      name: orNull(a.Name) ?? displayName(firstName, lastName, email),
      clientIdentifier: orNull(a.ClientIdentifier), domainName: orNull(a.DomainName),
      billingAddress: storedAddress(a.BillingAddress), mailingAddress: storedAddress(a.MailingAddress),
      taxIds: Array.isArray(a.TaxIds) ? (a.TaxIds as { TaxIdType: string; TaxId: string }[]) : [],
      fieldValues: (a.FieldValues as Record<string, unknown> | undefined) ?? {},
    },
    subscription,
    password: password === '' ? null : password,
    image: image.type && ctx.image ? { bytes: ctx.image.bytes, contentType: image.type } : null,
    google: ctx.google,
  };
}

/** A stored address row from a checked one. */
export const withUid = (a: Address | null): StoredAddress | null => (a ? { uid: newUid(), ...a } : null);
