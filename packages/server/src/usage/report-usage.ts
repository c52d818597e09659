import { ErrorCode } from '@portico/core';
import { AppError, fieldError, notFound, validationError } from '../http/app-error.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { currentOf, currentPeriod, dayStart } from '../billing/subscription-timeline.ts';
import type { StoredUsageReport } from './usage.repository.ts';
import type { ReportUsageBody } from './usage.schemas.ts';

export type UsageDeps = Pick<BillingDeps, 'uow' | 'clock' | 'snapshots'>;

/**
 * Records one usage report of an account (admin API, issue 17). The same ReportKey counts once: a
 * repeat answers the first report (`created: false`), whatever it carries now. A new report must
 * name a usage-priced add-on on the account's current subscription, used in the current billing
 * period and not in the future: a period already over has been (or is being) invoiced, and usage
 * reported for it would never be billed (docs/billing.md "Usage add-ons at renewal").
 */
export async function reportUsage(deps: UsageDeps, accountUid: string, body: ReportUsageBody): Promise<{ created: boolean; report: StoredUsageReport }> {
  const snapshot = await deps.snapshots.get(); // read before the transaction (PGlite has one connection)
  const now = deps.clock.now();
  const usedAt = body.UsedAt === undefined ? now : new Date(body.UsedAt);
  return deps.uow.transaction(async (repos) => {
    if (!await repos.accounts.get(accountUid)) throw notFound(`No account with Uid '${accountUid}'.`);
    const earlier = await repos.usage.byKey(accountUid, body.ReportKey);
    if (earlier) return { created: false, report: earlier };

    const addOn = snapshot.addOns.get(body.AddOnUid);
    if (!addOn) throw new AppError(ErrorCode.AddOnNotFound, `No add-on with Uid '${body.AddOnUid}'.`, [fieldError('AddOnUid', ErrorCode.AddOnNotFound)]);
    if (addOn.BillingAddOnType !== 'Usage') {
      throw validationError([fieldError('AddOnUid', ErrorCode.AddOnNotOffered, `${addOn.Name} is not priced by usage.`)], ErrorCode.AddOnNotOffered);
    }
    const sub = currentOf(await repos.subscriptions.listForAccount(accountUid), now);
    if (!sub) throw new AppError(ErrorCode.SubscriptionNotFound, 'The account has no current subscription.');
    const onIt = sub.addOns.some((a) => a.addOnUid === addOn.Uid && a.startDate.getTime() <= now.getTime() && (a.endDate === null || a.endDate.getTime() > now.getTime()));
    if (!onIt || sub.term === 'OneTime') {
      const why = sub.term === 'OneTime' ? 'A one-time plan never renews, so its usage would never be billed.' : `${addOn.Name} is not on the account's current subscription.`;
      throw validationError([fieldError('AddOnUid', ErrorCode.AddOnNotOffered, why)], ErrorCode.AddOnNotOffered);
    }
    const periodStart = dayStart(currentPeriod(sub, now).start);
    if (usedAt.getTime() > now.getTime()) {
      throw validationError([fieldError('UsedAt', ErrorCode.DateOutOfRange, 'UsedAt is in the future.')], ErrorCode.DateOutOfRange);
    }
    if (usedAt.getTime() < periodStart.getTime()) {
      throw validationError([fieldError('UsedAt', ErrorCode.DateOutOfRange, `UsedAt is before the current billing period (from ${periodStart.toISOString()}), which is invoiced already.`)], ErrorCode.DateOutOfRange);
    }
    const report = { accountUid, addOnUid: addOn.Uid, quantity: body.Quantity, usedAt, reportKey: body.ReportKey };
    const created = await repos.usage.record(report);
    // A twin request with the same key may have committed first: its report stands.
    const stored = await repos.usage.byKey(accountUid, body.ReportKey);
    return { created, report: stored! };
  });
}
