import type { AddOn, DiscountCoupon, Plan } from '@portico/core';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { EventBus } from '../bus/event-bus.ts';
import { CATALOG_CHANGED } from '../catalog/catalog-events.ts';

/**
 * The billing catalogue as one read-only snapshot (it is small): use cases resolve
 * plans, add-ons and coupons from it, so nothing reads the catalogue inside a
 * write transaction (PGlite has a single connection). It is kept in memory and
 * rebuilt after a catalogue change on any node (bus), so a charge-summary
 * request costs no catalogue query.
 */
export interface CatalogSnapshot {
  plans: Map<string, Plan>;
  addOns: Map<string, AddOn>;
  coupons: Map<string, DiscountCoupon>;
  couponByCode(code: string): DiscountCoupon | null;
}

export async function loadCatalogSnapshot(catalog: CatalogRepository): Promise<CatalogSnapshot> {
  const [plans, addOns, coupons] = await Promise.all([catalog.listPlans(), catalog.listAddOns(), catalog.listCoupons()]);
  const byCode = new Map(coupons.map((c) => [c.UniqueIdentifier.toLowerCase(), c]));
  return {
    plans: new Map(plans.map((p) => [p.Uid, p])),
    addOns: new Map(addOns.map((a) => [a.Uid, a])),
    coupons: new Map(coupons.map((c) => [c.Uid, c])),
    couponByCode: (code) => byCode.get(code.trim().toLowerCase()) ?? null,
  };
}

export interface CatalogSnapshots {
  get(): Promise<CatalogSnapshot>;
}

export function catalogSnapshots(catalog: CatalogRepository, bus: EventBus): CatalogSnapshots {
  let current: Promise<CatalogSnapshot> | null = null;
  bus.subscribe(CATALOG_CHANGED, () => { current = null; });
  return {
    get() {
      current ??= loadCatalogSnapshot(catalog).catch((err: unknown) => {
        current = null;
        throw err;
      });
      return current;
    },
  };
}
