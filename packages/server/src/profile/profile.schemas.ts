import { z } from 'zod';
import { fieldsParam, subscriptionOut } from '../billing/billing.schemas.ts';
import { accountFieldsInput, personFieldsInput, taxIdsInput } from '../accounts/editable-fields.schemas.ts';

/**
 * Wire schemas of the profile area (spec 2 section 7 "Profile", "Accounts", "Account";
 * docs/account-area.md). Edits send the entity's own properties; which of them may change and
 * what they must look like is the company's profile or account field configuration, checked by
 * core's field rules like a registration. Field errors name `Person.<Property>` or
 * `Account.<Property>`, the paths of core's field configuration.
 */
export const addressOut = z.object({
  Uid: z.string(), AddressLine1: z.string().nullable(), AddressLine2: z.string().nullable(), AddressLine3: z.string().nullable(),
  City: z.string().nullable(), State: z.string().nullable(), PostalCode: z.string().nullable(), Country: z.string().nullable(),
});

export const profileInput = personFieldsInput;
export type ProfileInput = z.infer<typeof profileInput>;

export const profileOut = z.object({
  Uid: z.string(),
  Email: z.string(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  Title: z.string().nullable(),
  PhoneMobile: z.string().nullable(),
  PhoneWork: z.string().nullable(),
  MailingAddress: addressOut.nullable(),
  /** Set for people linked to a Google login: they cannot change their email or password. */
  OAuthGoogleProfileId: z.string().nullable(),
  OptInToEmailList: z.boolean(),
  /** Where the photo is served (`/api/v1/files/{uid}`, relative to the API's origin); null without one. */
  ProfileImageS3Url: z.string().nullable(),
  PasswordMustChange: z.boolean(),
  EmailConfirmed: z.boolean(),
  /** Values of the company's own Person fields, by SystemName. */
  FieldValues: z.record(z.string(), z.unknown()),
});
export type ProfileOut = z.infer<typeof profileOut>;

export const profileQuery = z.object({ fields: fieldsParam });

export const accountInput = accountFieldsInput.extend({ Name: z.string().max(200).optional() });
export type AccountInput = z.infer<typeof accountInput>;

export const profileAccountOut = z.object({
  Uid: z.string(),
  Name: z.string(),
  ClientIdentifier: z.string().nullable(),
  DomainName: z.string().nullable(),
  AccountStage: z.string().nullable(),
  AccountType: z.number(),
  TaxStatus: z.string().nullable(),
  BillingAddress: addressOut.nullable(),
  MailingAddress: addressOut.nullable(),
  /** The first of TaxIds, as the spec's Account names them. */
  TaxId: z.string().nullable(),
  TaxIdType: z.string().nullable(),
  TaxIds: taxIdsInput,
  FieldValues: z.record(z.string(), z.unknown()),
  /** The current (else latest) subscription's plan mode: the Organization group shows only for Team. */
  AccountRegistrationMode: z.enum(['Individual', 'Team']).nullable(),
  /** Whether the signed-in person is this account's primary contact (only they may save it). */
  IsPrimary: z.boolean(),
  /** The subscription running now (the plan screen; issue 16), null when none: the plan has expired. */
  CurrentSubscription: subscriptionOut.nullable(),
  /** A scheduled change when there is one, else the current subscription (spec 2 section 3). */
  LatestSubscription: subscriptionOut.nullable(),
});
export type ProfileAccountOut = z.infer<typeof profileAccountOut>;

const contactOut = z.object({ FirstName: z.string().nullable(), LastName: z.string().nullable(), Email: z.string() });

export const accountSummaryOut = z.object({
  Uid: z.string(),
  Name: z.string(),
  ClientIdentifier: z.string().nullable(),
  AccountStage: z.string().nullable(),
  /** The caller's role on this account. */
  IsPrimary: z.boolean(),
  /** Whether the caller's token is signed in to this account. */
  IsCurrent: z.boolean(),
  PrimaryContact: contactOut.nullable(),
  CurrentSubscription: subscriptionOut.nullable(),
  LatestSubscription: subscriptionOut.nullable(),
  PaymentInformation: z.object({ LatestFailureDateTime: z.string().nullable(), Updated: z.string() }).nullable(),
});
export type AccountSummaryOut = z.infer<typeof accountSummaryOut>;

export const accountsQuery = z.object({
  /** `true`/`1`: only the account the token is signed in to. */
  current: z.enum(['0', '1', 'true', 'false']).optional(),
  fields: fieldsParam,
});
export const accountsOut = z.object({
  metadata: z.object({ limit: z.number(), offset: z.number(), total: z.number() }),
  items: z.array(accountSummaryOut),
});
