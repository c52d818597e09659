/**
 * The demo answers of the plan change calls (issue 16): the persona's current subscription, the
 * change's preview priced with core's change rules (changeSummaries), and the change itself, kept
 * for this page (an upgrade "charges" the demo card, a downgrade is scheduled). Its own chunk.
 */
import { ErrorCode } from '@portico/core';
import type { Plan } from '@portico/core';
import { addMonths, changeSummaries, dayToIso, periodContaining, planFamilyFromWire, summaryToWire, termMonths, toDay, validateSubscriptionRequest } from '@portico/core/billing/index';
import type { WireChargeSummary } from '@portico/core/billing/index';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_SETTINGS } from './demo-settings.ts';
import { demoSubscription } from './demo-subscription.ts';
import { DemoRefusal } from './demo-transport.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';

type Subscription = ResponseBody<Operation<'get', '/api/v1/billing/subscriptions'>>['items'][number];
type ChangeBody = RequestBody<Operation<'put', '/api/v1/billing/subscriptions/{id}/changesubscription'>>;

const currency = DEMO_SETTINGS.PaymentSettings.Currency;
const plans: Plan[] = DEMO_SETTINGS.PlanFamilies.flatMap((f) => planFamilyFromWire(f, currency).plans);
/** The items each persona changed to on this page. */
const changed = new Map<DemoPersonaName, { planUid: string; term: Subscription['BillingRenewalTerm']; quantity: number; addOns: { addOnUid: string; quantity: number; uid: string }[] }>();

function currentOf(persona: DemoPersonaName, now: Date): Subscription {
  const { person, account } = DEMO_PERSONA_DATA[persona];
  if (!person || !account) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  const items = changed.get(persona) ?? { planUid: account.planUid, term: account.term, quantity: account.quantity, addOns: [] };
  const start = new Date(now.getTime() - 90 * 86_400_000);
  const sub = demoSubscription({ uid: `sub_${person.Uid}`, accountUid: `acc_${person.Uid}`, ...items, start });
  if (!sub) throw new DemoRefusal(404, ErrorCode.SubscriptionNotFound);
  const months = termMonths(items.term);
  const period = months ? periodContaining(toDay(start), items.term, toDay(now)) : null;
  return { ...sub, RenewalDate: period ? `${dayToIso(period.end)}T00:00:00.000Z` : null };
}

export const demoCurrentSubscriptions = (persona: DemoPersonaName, now: Date) =>
  ({ metadata: { limit: -1, offset: 0, total: 1 }, items: [currentOf(persona, now)] });

function summaries(persona: DemoPersonaName, body: ChangeBody, now: Date) {
  const sub = currentOf(persona, now);
  const plan = plans.find((p) => p.Uid === body.Plan.Uid);
  const from = plans.find((p) => p.Uid === sub.Plan.Uid);
  if (!plan || !from) throw new DemoRefusal(404, ErrorCode.PlanNotFound);
  const selected = (body.SubscriptionAddOns ?? []).filter((s) => s.Quantity !== 0);
  const errors = validateSubscriptionRequest({ plan, term: body.BillingRenewalTerm, quantity: body.Quantity ?? 0, addOns: selected.map((s) => ({ addOnUid: s.AddOn.Uid, quantity: s.Quantity ?? 1 })) });
  if (errors.length) throw new DemoRefusal(400, errors[0]!.ErrorCode as ErrorCode, errors);
  const addOnsOf = (p: Plan, list: readonly { uid: string; quantity: number }[]) => list.flatMap((a) => {
    const pa = p.PlanAddOns.find((x) => x.AddOn.Uid === a.uid);
    return pa ? [{ addOn: pa.AddOn, quantity: a.quantity }] : [];
  });
  const end = sub.RenewalDate ? toDay(sub.RenewalDate) : toDay(now);
  const start = addMonths(end, -Math.max(1, termMonths(sub.BillingRenewalTerm)));
  return changeSummaries({
    now, currency, plan, term: body.BillingRenewalTerm, quantity: body.Quantity ?? 0, asOf: 'now',
    addOns: addOnsOf(plan, selected.map((s) => ({ uid: s.AddOn.Uid, quantity: s.Quantity ?? 1 }))),
    existing: {
      plan: from, term: sub.BillingRenewalTerm, quantity: sub.Quantity, periodStart: dayToIso(start), periodEnd: dayToIso(end),
      addOns: addOnsOf(from, sub.SubscriptionAddOns.map((a) => ({ uid: a.AddOn.Uid, quantity: a.Quantity }))),
    },
  });
}

/** PUT …/changesubscriptionpreview. */
export function demoPreviewChange(persona: DemoPersonaName, body: ChangeBody, asOf: 'now' | 'renewal', now: Date): WireChargeSummary {
  const s = summaries(persona, body, now);
  return summaryToWire(asOf === 'now' ? s.now : s.renewal, currency);
}

/** PUT …/changesubscription: the demo card pays an upgrade; the answer is the subscription now current (or the one scheduled). */
export function demoChange(persona: DemoPersonaName, body: ChangeBody, now: Date): Subscription {
  const { account } = DEMO_PERSONA_DATA[persona];
  if (!account?.IsPrimary) throw new DemoRefusal(403, ErrorCode.Forbidden);
  const s = summaries(persona, body, now);
  const items = {
    planUid: body.Plan.Uid, term: body.BillingRenewalTerm, quantity: body.Quantity ?? 0,
    addOns: (body.SubscriptionAddOns ?? []).filter((a) => a.Quantity !== 0).map((a, i) => ({ addOnUid: a.AddOn.Uid, quantity: a.Quantity ?? 1, uid: `sao_demo_${i}` })),
  };
  if (!s.immediate) {
    const current = currentOf(persona, now);
    const scheduled = demoSubscription({ uid: `sub_demo_next`, accountUid: current.Account.Uid, ...items, start: new Date(current.RenewalDate ?? now) });
    return scheduled!;
  }
  changed.set(persona, items);
  return { ...currentOf(persona, now), StartDate: now.toISOString() };
}

/** GET /billing/paymentinformation: the demo card. */
export function demoSavedCard(persona: DemoPersonaName, now: Date) {
  const { person } = DEMO_PERSONA_DATA[persona];
  if (!person) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  return {
    metadata: { limit: -1, offset: 0, total: 1 },
    items: [{
      Uid: 'pi_demo_card', Updated: now.toISOString(), LatestFailureDateTime: null, PaymentMethodType: 'card', CardType: 'visa', LastFourDigits: '4242',
      ExpirationMonth: 12, ExpirationYear: now.getUTCFullYear() + 3, BankName: null, BankAccountType: null, NameOnCard: `${person.FirstName} ${person.LastName}`,
      PaymentToken: 'pm_demo_4242', CustomerToken: 'cus_demo', Gateway: 'sandbox',
    }],
  };
}
