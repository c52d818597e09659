import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AddOn, DiscountCoupon, Plan, PlanFamily } from '@portico/core';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { addOns, discountCoupons, planAddOns, planFamilies, plans } from '../db/schema.ts';
import { addOnFromRow, couponFromRow, familyFromRow, planFromRow } from './catalog.mappers.ts';

/** The only module that reads and writes the billing catalogue tables. */
export type PlanFamilyRowInput = typeof planFamilies.$inferInsert;
export type PlanRowInput = typeof plans.$inferInsert;
export type AddOnRowInput = typeof addOns.$inferInsert;
export type CouponRowInput = typeof discountCoupons.$inferInsert;
export type PlanAddOnRowInput = { addOnUid: string; isUserSelectable: boolean };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writers that make a family the default run one after another: SHARE ROW
 * EXCLUSIVE conflicts with itself and with row writes but not with reads, so
 * concurrent "IsDefault: true" requests each clear the previous default in
 * turn instead of both seeing the old one (the partial unique index
 * plan_families_one_default_idx would refuse the second default anyway).
 */
async function lockDefaultFamily(tx: Tx): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${planFamilies} IN SHARE ROW EXCLUSIVE MODE`);
}

async function clearDefaultFamily(tx: Tx, exceptUid: string): Promise<void> {
  await tx.update(planFamilies).set({ isDefault: false, updated: new Date() }).where(and(eq(planFamilies.isDefault, true), ne(planFamilies.uid, exceptUid)));
}

async function writePlanLinks(tx: Tx, planUid: string, links: PlanAddOnRowInput[]): Promise<void> {
  await tx.delete(planAddOns).where(eq(planAddOns.planUid, planUid));
  if (links.length) {
    await tx.insert(planAddOns).values(links.map((l, position) => ({ planUid, addOnUid: l.addOnUid, isUserSelectable: l.isUserSelectable, position })));
  }
}

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
    /** One page of families by name (IsActive filter optional). */
    async pageFamilies(filter: { isActive?: boolean | undefined }, page: PageRequest): Promise<Page<PlanFamily>> {
      const where = filter.isActive === undefined ? undefined : eq(planFamilies.isActive, filter.isActive);
      const found = await paginate(db, () => db.select().from(planFamilies).where(where).orderBy(asc(planFamilies.name), asc(planFamilies.uid)).$dynamic(), page);
      return { items: found.items.map(familyFromRow), total: found.total };
    },
    /**
     * One page of plans. `byRate` is spec 4's plan order (core's sortPlans: monthly, quarterly,
     * annual, one-time rate, missing rates last, then name by code unit), here in SQL so the
     * database can page it; catalog.repository.test.ts holds the two orders equal.
     */
    async pagePlans(filter: { familyUids?: string[] | undefined; isActive?: boolean | undefined; byRate?: boolean }, page: PageRequest): Promise<Page<Plan>> {
      const conds: SQL[] = [];
      if (filter.isActive !== undefined) conds.push(eq(plans.isActive, filter.isActive));
      if (filter.familyUids) conds.push(inArray(plans.planFamilyUid, filter.familyUids));
      const order = filter.byRate
        ? [sql`${plans.monthlyRate} asc nulls last`, sql`${plans.quarterlyRate} asc nulls last`, sql`${plans.annualRate} asc nulls last`,
          sql`${plans.oneTimeRate} asc nulls last`, sql`${plans.name} collate "C"`, asc(plans.uid)]
        : [asc(plans.name), asc(plans.uid)];
      const found = await paginate(db, () => db.select().from(plans).where(conds.length ? and(...conds) : undefined).orderBy(...order).$dynamic(), page);
      return { items: await plansWithAddOns(found.items), total: found.total };
    },
    async pageAddOns(page: PageRequest): Promise<Page<AddOn>> {
      const found = await paginate(db, () => db.select().from(addOns).orderBy(asc(addOns.name), asc(addOns.uid)).$dynamic(), page);
      return { items: found.items.map(addOnFromRow), total: found.total };
    },
    async pageCoupons(page: PageRequest): Promise<Page<DiscountCoupon>> {
      const found = await paginate(db, () => db.select().from(discountCoupons).orderBy(asc(discountCoupons.uniqueIdentifier), asc(discountCoupons.uid)).$dynamic(), page);
      return { items: found.items.map(couponFromRow), total: found.total };
    },
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

    /** Creates a family; false when the Uid is taken (nothing written). */
    async insertFamily(row: PlanFamilyRowInput): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (row.isDefault) {
          await lockDefaultFamily(tx);
          // The lock keeps other writers out, so this check cannot go stale before the insert.
          const [taken] = await tx.select({ uid: planFamilies.uid }).from(planFamilies).where(eq(planFamilies.uid, row.uid));
          if (taken) return false;
          await clearDefaultFamily(tx, row.uid);
        }
        return (await tx.insert(planFamilies).values(row).onConflictDoNothing({ target: planFamilies.uid }).returning({ uid: planFamilies.uid })).length > 0;
      });
    },
    /** Creates or replaces a family (admin update, config seed); a new default replaces the old one. */
    async upsertFamily(row: PlanFamilyRowInput): Promise<void> {
      await db.transaction(async (tx) => {
        if (row.isDefault) {
          await lockDefaultFamily(tx);
          await clearDefaultFamily(tx, row.uid);
        }
        await tx.insert(planFamilies).values(row).onConflictDoUpdate({ target: planFamilies.uid, set: { ...row, updated: new Date() } });
      });
    },
    /** Creates an add-on; false when the Uid is taken. */
    async insertAddOn(row: AddOnRowInput): Promise<boolean> {
      return (await db.insert(addOns).values(row).onConflictDoNothing({ target: addOns.uid }).returning({ uid: addOns.uid })).length > 0;
    },
    async upsertAddOn(row: AddOnRowInput): Promise<void> {
      await db.insert(addOns).values(row).onConflictDoUpdate({ target: addOns.uid, set: { ...row, updated: new Date() } });
    },
    /** Creates a plan with its add-on links; false when the Uid is taken (nothing written). */
    async insertPlan(row: PlanRowInput, links: PlanAddOnRowInput[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(plans).values(row).onConflictDoNothing({ target: plans.uid }).returning({ uid: plans.uid });
        if (inserted.length === 0) return false;
        await writePlanLinks(tx, row.uid, links);
        return true;
      });
    },
    async upsertPlan(row: PlanRowInput, links: PlanAddOnRowInput[] | undefined): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(plans).values(row).onConflictDoUpdate({ target: plans.uid, set: { ...row, updated: new Date() } });
        if (links) await writePlanLinks(tx, row.uid, links);
      });
    },
    /** Creates a coupon; false when the Uid is taken. */
    async insertCoupon(row: CouponRowInput): Promise<boolean> {
      return (await db.insert(discountCoupons).values(row).onConflictDoNothing({ target: discountCoupons.uid }).returning({ uid: discountCoupons.uid })).length > 0;
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
