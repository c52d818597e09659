import { dayToIso, invoiceTotals, periodContaining, periodEndingOn, renewal, termMonths, toDay, type RenewingRow } from '@portico/core/billing/index';
import type { AddOnSelection, CouponInput } from '@portico/core/billing/index';
import { claimAttempt } from '../collection/claim-attempt.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { subscriptionToWire } from '../billing/billing.mappers.ts';
import type { CatalogSnapshot } from '../billing/catalog-snapshot.ts';
import { taxInput } from '../billing/resolve-subscription-request.ts';
import { anchorDay, dayStart } from '../billing/subscription-timeline.ts';
import type { StoredSubscription } from '../billing/subscriptions.repository.ts';
import { newUid } from '../ids/new-uid.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { enqueueActivity } from '../webhooks/activity-webhook.ts';
import type { RenewalAccount, RenewalInvoice } from './renewals.repository.ts';

export interface RenewDeps {
  uow: UnitOfWork;
  config: CompanyConfig;
  snapshot: CatalogSnapshot;
  /** An activity webhook is configured ('subscription.renewed' is written only then). */
  activity: boolean;
  /** The kill test's seam (hold-in-renewal-batch.ts): called inside the transaction once the invoices are written. */
  hold?: ((batch: number) => Promise<void>) | null;
  /** After a batch that claimed charge attempts committed: the job runner delivers them at once. */
  wakeOutbox?: () => void;
}

export interface BatchResult {
  /** Due rows this batch locked. */
  locked: number;
  renewed: number;
  changed: number;
  ended: number;
  /** Rows left for a later batch: their account was held by another writer, or their plan is unknown. */
  skipped: number;
  invoices: number;
}

function rowOf(s: StoredSubscription, snapshot: CatalogSnapshot): RenewingRow | null {
  const plan = snapshot.plans.get(s.planUid);
  if (!plan) return null;
  const addOns: AddOnSelection[] = [];
  for (const a of s.addOns) {
    const addOn = snapshot.addOns.get(a.addOnUid);
    if (addOn && a.endDate === null) addOns.push({ addOn, quantity: a.quantity, term: a.term });
  }
  const c = s.coupons[0];
  const coupon = c ? snapshot.coupons.get(c.couponUid) : undefined;
  const couponInput: CouponInput | null = c && coupon ? { coupon, appliedAt: c.startDate.toISOString(), expireDate: c.expireDate?.toISOString() ?? null } : null;
  return { plan, term: s.term, quantity: s.quantity, addOns, anchor: anchorDay(s), start: toDay(s.startDate), coupon: couponInput };
}

/**
 * One batch of the renewal pass, in ONE transaction (docs/billing.md "Renewals"): locks up to `limit`
 * due subscriptions (SKIP LOCKED: several runners share the work) and their accounts, asks core what
 * each renewal is, and writes it all or nothing: the renewal invoices (gapless numbers, one block), the
 * renewal dates moved one period, account credit and stage, the activity messages. A crash anywhere
 * rolls the whole batch back; the unique index (subscription, period start) for kind 'renewal' and the
 * moved renewal date make a second renewal of a period impossible.
 */
export async function renewDueBatch(deps: RenewDeps, now: Date, limit: number, batchNumber = 1): Promise<BatchResult> {
  const { config, snapshot } = deps;
  const currency = config.company.currency;
  const automatic = config.billing.paymentsMode === 'automatic';
  return deps.uow.transaction(async (repos) => {
    const result: BatchResult = { locked: 0, renewed: 0, changed: 0, ended: 0, skipped: 0, invoices: 0 };
    const due = await repos.renewals.lockDue(now, limit);
    result.locked = due.length;
    if (due.length === 0) return result;
    const accounts = await repos.renewals.lockAccounts([...new Set(due.map((s) => s.accountUid))]);
    const ending = due.filter((s) => s.endDate !== null && s.renewalDate !== null && s.endDate.getTime() <= s.renewalDate.getTime());
    const scheduledRows = await repos.renewals.startingAt(ending.map((s) => ({ accountUid: s.accountUid, at: s.endDate! })));
    const existing = await repos.renewals.existingRenewals(due.map((s) => ({ subscriptionUid: s.uid, periodStart: s.renewalDate! })));
    for (const s of scheduledRows) {
      // A change's first period is invoiced on the new row.
      for (const e of await repos.renewals.existingRenewals([{ subscriptionUid: s.uid, periodStart: s.startDate }])) existing.add(e);
    }

    const invoices: RenewalInvoice[] = [];
    const dates: { uid: string; renewalDate: Date | null; endDate?: Date }[] = [];
    const addOnDates: { uid: string; renewalDate: Date }[] = [];
    const accountWrites = new Map<string, { uid: string; credit: number; stage: string | null }>();
    const activities: { invoice: RenewalInvoice; sub: StoredSubscription }[] = [];
    for (const s of due) {
      const account: RenewalAccount | undefined = accounts.get(s.accountUid);
      const current = rowOf(s, snapshot);
      if (!account || !current || accountWrites.has(s.accountUid)) { result.skipped++; continue; }
      const r = toDay(s.renewalDate!);
      const expired = s.expirationDate !== null && s.expirationDate.getTime() <= s.renewalDate!.getTime();
      const endsHere = expired || (s.endDate !== null && s.endDate.getTime() <= s.renewalDate!.getTime());
      const next = endsHere && !expired ? scheduledRows.find((x) => x.accountUid === s.accountUid && x.startDate.getTime() === s.endDate!.getTime()) : undefined;
      const scheduled = next ? rowOf(next, snapshot) : null;
      if (next && !scheduled) { result.skipped++; continue; }
      const needsUsage = current.addOns.some((a) => a.addOn.BillingAddOnType === 'Usage');
      const outcome = renewal({
        now, renewalDay: r, current, scheduled, ends: endsHere,
        tax: taxInput(config, { Country: account.country, State: account.state }, account.taxStatus),
        creditIn: account.accountCredit,
        // Reported use of the period that just ended (core's window: the previous renewal, or the row's start).
        usage: needsUsage ? await repos.renewals.usageTotals(s.accountUid, dayStart(periodEndingOn(current, r)), dayStart(r)) : new Map(),
      });
      const billedRow = next ?? s;
      if (outcome.kind === 'end') {
        result.ended++;
        dates.push({ uid: s.uid, renewalDate: null, endDate: s.renewalDate! });
        accountWrites.set(s.accountUid, { uid: s.accountUid, credit: account.accountCredit, stage: 'Cancelled' });
        continue;
      }
      if (outcome.kind === 'none' || !outcome.invoice || outcome.periodEnd === null) {
        dates.push({ uid: s.uid, renewalDate: null });
        continue;
      }
      if (next) { result.changed++; dates.push({ uid: s.uid, renewalDate: null }); } else result.renewed++;
      dates.push({ uid: billedRow.uid, renewalDate: dayStart(outcome.periodEnd) });
      // Each recurring add-on whose period was billed from r: its own next renewal (a yearly add-on's stays a year on).
      const moved = billedRow.addOns.map((a) => {
        if (termMonths(a.term) === 0 || a.endDate !== null || (a.renewalDate !== null && a.renewalDate.getTime() > dayStart(r).getTime())) return a;
        const next = dayStart(periodContaining(anchorDay(billedRow), a.term, r).end);
        addOnDates.push({ uid: a.uid, renewalDate: next });
        return { ...a, renewalDate: next };
      });
      const periodStart = dayStart(r);
      if (existing.has(`${billedRow.uid}|${periodStart.getTime()}`)) continue; // already invoiced: only the date moves
      const summary = outcome.invoice;
      const { subtotal, tax } = invoiceTotals(summary);
      const paid = summary.Total === 0;
      const invoice: RenewalInvoice = {
        uid: newUid(), accountUid: s.accountUid, subscriptionUid: billedRow.uid, invoiceDate: now, currency, subtotal, tax, total: summary.Total,
        status: paid ? 'Paid' : 'Open', taxBehavior: summary.TaxBehavior, lines: summary.InvoiceDisplayItems,
        periodStart, periodEnd: dayStart(outcome.periodEnd), paidAt: paid ? now : null,
        // The collector charges an Open invoice when its attempt is due; manual mode waits for the customer.
        nextAttemptAt: !paid && automatic ? now : null,
      };
      invoices.push(invoice);
      // A 0 total ends a trial at once (nothing to collect); otherwise the collector's paid charge does.
      const stage = paid && outcome.endsTrial && account.accountStage === 'Trialing' ? 'Subscribed' : null;
      if (outcome.creditOut !== account.accountCredit || stage) accountWrites.set(s.accountUid, { uid: s.accountUid, credit: outcome.creditOut, stage });
      activities.push({ invoice, sub: { ...billedRow, addOns: moved, renewalDate: dayStart(outcome.periodEnd) } });
    }

    // The gapless counter's row lock is held from the number block to the commit, so every other
    // runner's batch queues on it: everything else is written first and the numbers are taken last.
    await repos.renewals.setRenewalDates(dates);
    await repos.renewals.setAddOnRenewalDates(addOnDates);
    await repos.renewals.updateAccounts([...accountWrites.values()]);
    const numbers = await repos.renewals.insertInvoices(invoices);
    result.invoices = invoices.length;
    // The collector's first attempt is claimed with the invoice (the one claimAttempt), so the charge
    // starts as soon as the batch commits instead of at the collector's next pass.
    const toCharge = invoices.filter((i) => i.nextAttemptAt !== null).map((i) => i.uid);
    if (toCharge.length && (await claimAttempt(repos, { invoiceUids: toCharge })).length) repos.afterCommit(() => deps.wakeOutbox?.());
    await deps.hold?.(batchNumber);
    if (deps.activity) {
      const messages: { topic: OutboxTopic; payload: unknown }[] = [];
      const collect = { enqueue: async (topic: OutboxTopic, payload: unknown) => { messages.push({ topic, payload }); return ''; } };
      for (const [i, { invoice, sub }] of activities.entries()) {
        await enqueueActivity(collect, true, {
          type: 'subscription.renewed', occurredAt: now,
          data: {
            AccountUid: invoice.accountUid, Subscription: subscriptionToWire(sub, snapshot, currency, now),
            Invoice: {
              Uid: invoice.uid, Number: numbers[i], Total: invoice.total, Currency: currency,
              PeriodStart: dayToIso(toDay(invoice.periodStart)), PeriodEnd: dayToIso(toDay(invoice.periodEnd)),
            },
          },
        });
      }
      await repos.outbox.enqueueMany(messages);
    }
    return result;
  });
}

