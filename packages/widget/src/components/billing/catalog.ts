import type { InitSettings, Plan, PlanFamily } from '@portico/core';
import { planFamilyFromWire } from '@portico/core/billing/wire';

/** The settings' plan catalogue in domain shape (integer minor units), mapped once per settings object. */
export interface Catalog {
  currency: string;
  families: PlanFamily[];
  plans: Plan[];
}

const cache = new WeakMap<object, Catalog>();

export function catalogFromSettings(settings: Pick<InitSettings, 'PlanFamilies' | 'PaymentSettings'>): Catalog {
  const hit = cache.get(settings.PlanFamilies);
  if (hit) return hit;
  const currency = settings.PaymentSettings.Currency || 'USD';
  const mapped = settings.PlanFamilies.map((f) => planFamilyFromWire(f, currency));
  const catalog = { currency, families: mapped.map((m) => m.family), plans: mapped.flatMap((m) => m.plans) };
  cache.set(settings.PlanFamilies, catalog);
  return catalog;
}

export function findPlan(catalog: Catalog, uid: string | null | undefined): Plan | null {
  return (uid && catalog.plans.find((p) => p.Uid === uid)) || null;
}
