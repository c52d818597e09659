import { addMonths, type DayNumber } from '@portico/core/billing/days';
import {
  GatewayError, type GatewayInvoice, type GatewayInvoiceStatus, type GatewayList, type GatewaySubscription,
  type GatewaySubscriptionItem, type GatewaySubscriptionStatus,
} from '../payment-gateway.ts';
import { sandboxId } from './sandbox-ids.ts';
import type { SandboxInvoiceRow, SandboxRepository, SandboxSubscriptionRow } from './sandbox.repository.ts';

/**
 * The sandbox as the billing provider (billing.system Stripe with payments.gateway sandbox; docs/payments.md
 * "Provider billing on the sandbox"): subscriptions made as one would in a provider's dashboard, the
 * invoices they bill, and the sessions of its plain customer portal. Its records are its own tables.
 */

/** Where the printable invoice and the portal are (server-relative: the widget resolves them against the server). */
export const sandboxInvoicePath = (id: string) => `/sandbox/v1/invoices/${id}`;
export const sandboxPortalPath = (id: string) => `/sandbox/v1/portal/${id}`;
/** A portal session opens for this long, as a provider's does (Stripe's: 5 minutes to open, then the browser's session). */
export const PORTAL_SESSION_MS = 60 * 60 * 1000;

export type SandboxInterval = 'month' | 'year';
export interface SandboxItem {
  productName: string;
  unitAmountMinor: number;
  currency: string;
  interval: SandboxInterval;
  quantity: number;
}
/** What the dashboard's "Create subscription" takes: the items, and how many periods it has already billed (each a paid invoice). */
export interface NewSandboxSubscription {
  customer: string;
  items: SandboxItem[];
  periods: number;
  status: 'active' | 'trialing' | 'past_due';
}

const MS_PER_DAY = 86_400_000;
/** `at` moved by whole months (a year is 12), keeping the time of day; the day of month clamps as core's addMonths does. */
function plusMonths(at: Date, months: number): Date {
  const day: DayNumber = Math.floor(at.getTime() / MS_PER_DAY);
  return new Date(addMonths(day, months) * MS_PER_DAY + (at.getTime() - day * MS_PER_DAY));
}
const monthsOf = (interval: SandboxInterval) => (interval === 'year' ? 12 : 1);

interface StoredItem { productName: string; unitAmount: number; currency: string; interval: string | null; quantity: number }
interface StoredLine { description: string; quantity: number; unitAmount: number; amount: number }

export const itemsOf = (row: SandboxSubscriptionRow): GatewaySubscriptionItem[] => (row.items as StoredItem[]).map((i) => ({
  productName: i.productName, unitAmountMinor: i.unitAmount, currency: i.currency, interval: i.interval, quantity: i.quantity,
}));
export const linesOf = (row: SandboxInvoiceRow): StoredLine[] => row.lines as StoredLine[];

export function subscriptionOf(row: SandboxSubscriptionRow): GatewaySubscription {
  return {
    id: row.id, status: row.status as GatewaySubscriptionStatus, startDate: row.startDate, endDate: row.endDate,
    currentPeriodEnd: row.currentPeriodEnd, cancelAt: row.cancelAt, items: itemsOf(row),
  };
}

export function invoiceOf(row: SandboxInvoiceRow): GatewayInvoice {
  return {
    id: row.id, currency: row.currency, totalMinor: row.total, status: row.status as GatewayInvoiceStatus,
    periodStart: row.periodStart, pdfUrl: row.status === 'draft' ? null : sandboxInvoicePath(row.id),
  };
}

/**
 * Subscription dates follow the server clock the route passes (tests and the demo pin it, so the
 * periods line up with Portico's own dates); a portal session's lifetime is the provider's own wall time.
 */
export function sandboxBilling(repo: SandboxRepository) {
  return {
    /**
     * A subscription started `periods` intervals ago (the current period included), with one invoice per
     * period billed: paid, except the latest of a past_due one, which is open. All items share one interval and currency.
     */
    async createSubscription(input: NewSandboxSubscription, now: Date): Promise<GatewaySubscription> {
      if (!(await repo.customerExists(input.customer))) throw new GatewayError('not_found', `No such customer: '${input.customer}'`, 'resource_missing');
      const [first] = input.items;
      if (!first || input.items.some((i) => i.interval !== first.interval || i.currency !== first.currency)) {
        throw new GatewayError('invalid', 'All items of a subscription must have the same interval and currency.', 'parameter_invalid');
      }
      const months = monthsOf(first.interval);
      // Whole seconds, as a provider's timestamps are.
      const start = plusMonths(new Date(Math.floor(now.getTime() / 1000) * 1000), -months * (input.periods - 1));
      const id = sandboxId('sub');
      const total = input.items.reduce((sum, i) => sum + i.unitAmountMinor * i.quantity, 0);
      const lines: StoredLine[] = input.items.map((i) => ({ description: i.productName, quantity: i.quantity, unitAmount: i.unitAmountMinor, amount: i.unitAmountMinor * i.quantity }));
      const invoices = Array.from({ length: input.periods }, (_, n) => ({
        id: sandboxId('in'), customerId: input.customer, subscriptionId: id,
        number: `SBX-${id.slice(-8).toUpperCase()}-${String(n + 1).padStart(4, '0')}`,
        currency: first.currency, total, lines,
        status: input.status === 'past_due' && n === input.periods - 1 ? 'open' : 'paid',
        periodStart: plusMonths(start, months * n), periodEnd: plusMonths(start, months * (n + 1)),
        // Created in period order, so the newest invoice is also the last made.
        created: new Date(plusMonths(start, months * n).getTime()),
      }));
      const row = await repo.insertSubscription({
        id, customerId: input.customer, status: input.status, startDate: start, endDate: null,
        currentPeriodEnd: plusMonths(start, months * input.periods), cancelAt: null,
        items: input.items.map((i): StoredItem => ({ productName: i.productName, unitAmount: i.unitAmountMinor, currency: i.currency, interval: i.interval, quantity: i.quantity })),
      }, invoices);
      return subscriptionOf(row);
    },

    async listInvoices(customer: string, page: { limit: number; startingAfter?: string | undefined }): Promise<GatewayList<GatewayInvoice>> {
      const rows = await repo.invoicesOf(customer, { limit: page.limit + 1, startingAfter: page.startingAfter });
      return { items: rows.slice(0, page.limit).map(invoiceOf), hasMore: rows.length > page.limit };
    },

    async listSubscriptions(customer: string): Promise<GatewaySubscription[]> {
      return (await repo.subscriptionsOf(customer)).map(subscriptionOf);
    },

    async createPortalSession(customer: string, returnUrl: string): Promise<{ url: string }> {
      const id = sandboxId('bps');
      await repo.insertPortalSession({ id, customerId: customer, returnUrl, expires: new Date(Date.now() + PORTAL_SESSION_MS) });
      return { url: sandboxPortalPath(id) };
    },

    /** The session behind a portal page, while it lasts; null when unknown or expired. */
    async portalSession(id: string) {
      const session = await repo.getPortalSession(id);
      return session && session.expires.getTime() > Date.now() ? session : null;
    },

    /** What the portal page shows: the customer's subscriptions, cards and latest invoices. */
    async portalView(customer: string) {
      const [subscriptions, methods, invoices] = await Promise.all([
        repo.subscriptionsOf(customer), repo.methodsOf(customer), repo.invoicesOf(customer, { limit: 12 }),
      ]);
      return { subscriptions, methods, invoices };
    },

    /** Cancel at the end of the current period, or take that back ('resume'), from the portal. False when the subscription is not the customer's or has ended. */
    async setCancellation(customer: string, subscriptionId: string, action: 'cancel' | 'resume', now: Date): Promise<boolean> {
      const current = (await repo.subscriptionsOf(customer)).find((s) => s.id === subscriptionId);
      if (!current || current.endDate) return false;
      const cancelAt = action === 'cancel' ? current.currentPeriodEnd ?? now : null;
      return (await repo.setCancelAt(subscriptionId, customer, cancelAt)) !== null;
    },

    getInvoice: (id: string) => repo.getInvoice(id),
  };
}

export type SandboxBilling = ReturnType<typeof sandboxBilling>;
