import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AddOn, DiscountCoupon, Plan, PlanFamily } from '@portico/core';
import type { Db } from '../db/database.ts';
import { addOns, discountCoupons, planAddOns, planFamilies, plans } from '../db/schema.ts';
import { addOnFromRow, couponFromRow, familyFromRow, planFromRow } from './catalog.mappers.ts';

/** The only module that reads and writes the billing catalogue tables. */
export type PlanFamilyRowInput = typeof planFamilies.$inferInsert;
export type PlanRowInput = typeof plans.$inferInsert;
export type AddOnRowInput = typeof addOns.$inferInsert;
export type CouponRowInput = typeof discountCoupons.$inferInsert;
export type PlanAddOnRowInput = { addOnUid: string; isUserSelectable: boolean };

export function catalogRepository(db: Db) {
  async function plansWithAddOns(rows: (typeof plans.$inferSelect)[]): Promise<Plan[]> {
    if (rows.length === 0) return [];
    const links = await db
      .select({ link: planAddOns, addOn: addOns })
      .from(planAddOns)
      .innerJoin(addOns, eq(planAddOns.addOnUid, addOns.uid))
      .where(inArray(planAddOns.planUid, rows.map((r) => r.uid)))
      .orderBy(asc(planAddOns.position));
    return rows.map((r) => planFromRow(r, links
      .filter((l) => l.link.planUid === r.uid)
      .map((l) => ({ AddOn: addOnFromRow(l.addOn), IsUserSelectable: l.link.isUserSelectable }))));
  }

  return {
    async listFamilies(): Promise<PlanFamily[]> {
      return (await db.select().from(planFamilies).orderBy(asc(planFamilies.name))).map(familyFromRow);
    },
    async getFamily(uid: string): Promise<PlanFamily | null> {
      const [row] = await db.select().from(planFamilies).where(eq(planFamilies.uid, uid));
      return row ? familyFromRow(row) : null;
    },
    async listPlans(filter: { activeOnly?: boolean; familyUid?: string } = {}): Promise<Plan[]> {
      const conds = [];
      if (filter.activeOnly) conds.push(eq(plans.isActive, true));
      if (filter.familyUid) conds.push(eq(plans.planFamilyUid, filter.familyUid));
      const rows = await db.select().from(plans).where(conds.length ? and(...conds) : undefined).orderBy(asc(plans.name));
      return plansWithAddOns(rows);
    },
    async getPlan(uid: string): Promise<Plan | null> {
      const rows = await db.select().from(plans).where(eq(plans.uid, uid));
      return (await plansWithAddOns(rows))[0] ?? null;
    },
    async listAddOns(): Promise<AddOn[]> {
      return (await db.select().from(addOns).orderBy(asc(addOns.name))).map(addOnFromRow);
    },
    async getAddOn(uid: string): Promise<AddOn | null> {
      const [row] = await db.select().from(addOns).where(eq(addOns.uid, uid));
      return row ? addOnFromRow(row) : null;
    },
    async existingAddOnUids(uids: string[]): Promise<Set<string>> {
      if (uids.length === 0) return new Set();
      const rows = await db.select({ uid: addOns.uid }).from(addOns).where(inArray(addOns.uid, uids));
      return new Set(rows.map((r) => r.uid));
    },
    async listCoupons(): Promise<DiscountCoupon[]> {
      return (await db.select().from(discountCoupons).orderBy(asc(discountCoupons.uniqueIdentifier))).map(couponFromRow);
    },
    async getCoupon(uid: string): Promise<DiscountCoupon | null> {
      const [row] = await db.select().from(discountCoupons).where(eq(discountCoupons.uid, uid));
      return row ? couponFromRow(row) : null;
    },
    async findCouponByCode(code: string): Promise<DiscountCoupon | null> {
      const [row] = await db.select().from(discountCoupons).where(sql`lower(${discountCoupons.uniqueIdentifier}) = lower(${code})`);
      return row ? couponFromRow(row) : null;
    },
    async anyActiveCoupon(): Promise<boolean> {
      const [row] = await db.select({ uid: discountCoupons.uid }).from(discountCoupons).where(eq(discountCoupons.isActive, true)).limit(1);
      return row !== undefined;
    },

    async upsertFamily(row: PlanFamilyRowInput): Promise<void> {
      await db.transaction(async (tx) => {
        // One default family at most: setting a new default clears the old one.
        if (row.isDefault) await tx.update(planFamilies).set({ isDefault: false }).where(eq(planFamilies.isDefault, true));
        await tx.insert(planFamilies).values(row).onConflictDoUpdate({ target: planFamilies.uid, set: { ...row, updated: new Date() } });
      });
    },
    async upsertAddOn(row: AddOnRowInput): Promise<void> {
      await db.insert(addOns).values(row).onConflictDoUpdate({ target: addOns.uid, set: { ...row, updated: new Date() } });
    },
    async upsertPlan(row: PlanRowInput, links: PlanAddOnRowInput[] | undefined): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(plans).values(row).onConflictDoUpdate({ target: plans.uid, set: { ...row, updated: new Date() } });
        if (links) {
          await tx.delete(planAddOns).where(eq(planAddOns.planUid, row.uid));
          if (links.length) {
            await tx.insert(planAddOns).values(links.map((l, position) => ({ planUid: row.uid, addOnUid: l.addOnUid, isUserSelectable: l.isUserSelectable, position })));
          }
        }
      });
    },
    async upsertCoupon(row: CouponRowInput): Promise<void> {
      await db.insert(discountCoupons).values(row).onConflictDoUpdate({ target: discountCoupons.uid, set: { ...row, updated: new Date() } });
    },
    async couponCodeTaken(code: string, exceptUid?: string): Promise<boolean> {
      const found = await this.findCouponByCode(code);
      return found !== null && found.Uid !== exceptUid;
    },
    async setActive(kind: 'plan' | 'family' | 'addOn' | 'coupon', uid: string, isActive: boolean): Promise<boolean> {
      const table = { plan: plans, family: planFamilies, addOn: addOns, coupon: discountCoupons }[kind];
      const rows = await db.update(table).set({ isActive, updated: new Date() }).where(eq(table.uid, uid)).returning({ uid: table.uid });
      return rows.length > 0;
    },
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
