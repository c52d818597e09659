import { z } from 'zod';
import { addressInput } from '../billing/billing.schemas.ts';

/**
 * The person's and the account's own properties as a form sends them, bounded once for the
 * registration and the profile and account edits. Which are required and what they must look
 * like is the company's field configuration, checked by core's field rules.
 */
export const editableText = (max: number) => z.string().max(max).nullable().optional();

const customValue = z.union([
  z.string().max(2000), z.boolean(), z.number().finite(), z.array(z.string().max(200)).max(50), addressInput,
  z.object({ TaxIdType: z.string().max(40), TaxId: z.string().max(60) }),
]);
/** Values of the company's own fields, by SystemName. */
export const fieldValuesInput = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/), customValue)
  .refine((v) => Object.keys(v).length <= 50, 'at most 50 custom fields');

export const taxIdsInput = z.array(z.object({ TaxIdType: z.string().max(40), TaxId: z.string().max(60) })).max(5);

export const personFieldsInput = z.object({
  Email: z.string().max(254).optional(),
  FirstName: editableText(100),
  LastName: editableText(100),
  Title: editableText(100),
  PhoneMobile: editableText(30),
  PhoneWork: editableText(30),
  MailingAddress: addressInput.nullable().optional(),
  FieldValues: fieldValuesInput.optional(),
});

export const accountFieldsInput = z.object({
  Name: editableText(200),
  ClientIdentifier: editableText(200),
  DomainName: editableText(253),
  BillingAddress: addressInput.nullable().optional(),
  MailingAddress: addressInput.nullable().optional(),
  TaxIds: taxIdsInput.optional(),
  FieldValues: fieldValuesInput.optional(),
});
