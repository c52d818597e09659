import { z } from 'zod';
import { addressInput, isoDateInput, subscriptionInput, subscriptionOut } from '../billing/billing.schemas.ts';

/** POST /admin/accounts/import: an existing customer moved in, with the subscription they already have. */
export const importAccountInput = z.object({
  Name: z.string().trim().min(1).max(200),
  BillingAddress: addressInput.nullable().optional(),
  TaxStatus: z.enum(['Taxable', 'Exempt']).nullable().optional(),
  PrimaryContact: z.object({
    Email: z.string().trim().min(1).max(254),
    FirstName: z.string().trim().min(1).max(100),
    LastName: z.string().trim().min(1).max(100),
  }),
  Subscription: subscriptionInput.omit({ Account: true, Uid: true }).extend({ StartDate: isoDateInput }),
});
export type ImportAccountInput = z.infer<typeof importAccountInput>;

const personOut = z.object({ Uid: z.string(), Email: z.string(), FirstName: z.string().nullable(), LastName: z.string().nullable() });
export const accountOut = z.object({
  Uid: z.string(),
  Name: z.string(),
  AccountType: z.number(),
  TaxStatus: z.string().nullable(),
  BillingAddress: z.object({
    Uid: z.string(), AddressLine1: z.string().nullable(), AddressLine2: z.string().nullable(), AddressLine3: z.string().nullable(),
    City: z.string().nullable(), State: z.string().nullable(), PostalCode: z.string().nullable(), Country: z.string().nullable(),
  }).nullable(),
  PrimaryContact: personOut.nullable(),
  PersonAccount: z.array(z.object({ Uid: z.string(), IsPrimary: z.boolean(), ReceiveInvoices: z.boolean(), Person: personOut })),
  CurrentSubscription: subscriptionOut.nullable(),
  LatestSubscription: subscriptionOut.nullable(),
});
