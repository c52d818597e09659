import { z } from 'zod';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { fieldsQuery } from '../http/list.ts';

/** A provider's object id (Stripe's `in_…`, the sandbox's `in_sbx_…`): the paging cursor. */
const providerId = z.string().min(3).max(255).regex(/^[A-Za-z0-9_]+$/, 'must be an id of the payment provider');

/** Spec 2 section 7 "Invoices (stripe)": limit 3, orderBy PeriodStart DESC; "View more" pages on with startingAfter. */
export const providerInvoicesQuery = fieldsQuery.extend({
  accountUid: uidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(3),
  /** The last invoice's Uid of the page before: the next page starts after it (the provider's cursor paging). */
  startingAfter: providerId.optional(),
  orderBy: z.enum(['PeriodStart DESC']).default('PeriodStart DESC').describe('The only order a provider lists invoices in'),
});
export type ProviderInvoicesQuery = z.infer<typeof providerInvoicesQuery>;

export const providerInvoiceOut = z.object({
  Uid: z.string().describe("The provider's invoice id"),
  Currency: z.string().describe('ISO 4217, upper case'),
  Total: z.number().describe("The invoice's total, major units of Currency"),
  CurrencyTotal: z.string().describe('The total written in its currency (en-US), e.g. "$29.00"'),
  Status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  PeriodStart: z.string().describe('date-time'),
  InvoicePdf: z.string().nullable().describe("The provider's printable invoice: an absolute URL (Stripe's PDF) or a path on this server (the sandbox's invoice page); null while a draft"),
});

export const providerInvoicesOut = z.object({
  metadata: z.object({ limit: z.number(), hasMore: z.boolean().describe('More invoices follow: ask again with startingAfter = the last Uid') }),
  items: z.array(providerInvoiceOut),
});
export type ProviderInvoicesAnswer = z.infer<typeof providerInvoicesOut>;

export const providerSubscriptionsQuery = fieldsQuery.extend({ accountUid: uidSchema.optional() });
export type ProviderSubscriptionsQuery = z.infer<typeof providerSubscriptionsQuery>;

export const providerSubscriptionOut = z.object({
  Uid: z.string().describe("The provider's subscription id"),
  Status: z.enum(['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused']),
  StartDate: z.string().describe('date-time'),
  EndDate: z.string().nullable().describe('date-time it ended; null while it runs'),
  CurrentPeriodEnd: z.string().nullable().describe('date-time the current period ends (the renewal, unless CancelAt is set)'),
  CancelAt: z.string().nullable().describe('date-time a scheduled cancellation takes effect'),
  Items: z.array(z.object({
    Product: z.object({ Name: z.string() }),
    Price: z.object({
      UnitAmount: z.number().describe('Major units of Currency'),
      Currency: z.string(),
      Interval: z.string().nullable().describe('day, week, month, year; null for a one-time price'),
    }),
    Quantity: z.number(),
  })),
});

export const providerSubscriptionsOut = z.object({
  items: z.array(providerSubscriptionOut).describe('Newest start first'),
});
export type ProviderSubscriptionsAnswer = z.infer<typeof providerSubscriptionsOut>;
