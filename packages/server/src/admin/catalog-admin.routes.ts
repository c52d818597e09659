import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError, fieldError, fieldErrorsFromZod } from '../http/app-error.ts';
import { fieldsQuery, listAnswer, listQuery, type Page, type PageRequest } from '../http/list.ts';
import {
  addOnInput, addOnOut, addOnUpdate, couponInput, type CouponInput, couponOut, couponUpdate, planFamilyInput, planFamilyOut, planFamilyUpdate, planInput, planOut,
  planUpdate, uidSchema,
} from '../catalog/catalog.schemas.ts';
import { addOnToWire, couponToWire, familyToWire, planToWire } from '../catalog/catalog.mappers.ts';
import { addOnRow, checkPlanReferences, couponRow, familyRow, planRow } from '../catalog/catalog-inputs.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import { newUid } from '../ids/new-uid.ts';

interface Deps { catalog: CatalogRepository; currency: string; onChange: () => Promise<void> }

/** One resource of the admin catalogue API: the same five routes for each kind. */
interface Resource<W, I> {
  path: string;
  tag: string;
  kind: 'plan' | 'family' | 'addOn' | 'coupon';
  out: z.ZodType;
  create: z.ZodType<I>;
  update: z.ZodType;
  /** One page, paged by the database. */
  list(page: PageRequest): Promise<Page<W>>;
  get(uid: string): Promise<W | null>;
  /** The stored entity as a create body, so an update can be checked as a whole. */
  asInput(w: W): object;
  /** Creates the entity; false when its Uid is already taken (decided by the database, so concurrent creates cannot both win). */
  insert(input: I & { Uid: string }): Promise<boolean>;
  /** Replaces the stored entity (update). */
  save(input: I): Promise<void>;
  notFound: ErrorCode;
}

function registerResource<W extends { Uid: string }, I extends { Uid?: string | undefined }>(app: FastifyInstance, res: Resource<W, I>, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ uid: uidSchema });
  const base = `/api/v1/admin/${res.path}`;
  const security = [{ adminKey: [] }];
  const fetch = async (uid: string) => {
    const found = await res.get(uid);
    if (!found) throw new AppError(res.notFound, `No ${res.tag} with Uid '${uid}'.`);
    return found;
  };

  r.get(base, { schema: { tags: ['admin'], summary: `List ${res.tag}s`, security, querystring: listQuery, response: { 200: listAnswer(res.out) } } },
    async (req) => {
      const found = await res.list(req.query);
      return { metadata: { limit: req.query.limit, offset: req.query.offset, total: found.total }, items: found.items };
    });
  r.get(`${base}/:uid`, { schema: { tags: ['admin'], summary: `Get a ${res.tag}`, security, params, querystring: fieldsQuery, response: { 200: res.out } } },
    async (req) => fetch(req.params.uid));
  r.post(base, { schema: { tags: ['admin'], summary: `Create a ${res.tag}`, security, body: res.create, response: { 201: res.out } } },
    async (req, reply) => {
      const body = req.body as I;
      const input = { ...body, Uid: body.Uid ?? newUid() } as I & { Uid: string };
      if (!(await res.insert(input))) {
        throw new AppError(ErrorCode.Duplicate, `A ${res.tag} with Uid '${input.Uid}' already exists.`, [
          fieldError('Uid', ErrorCode.Duplicate, 'This Uid is already in use.'),
        ]);
      }
      await deps.onChange();
      return reply.status(201).send(await fetch(input.Uid));
    });
  r.put(`${base}/:uid`, { schema: { tags: ['admin'], summary: `Update a ${res.tag} (fields not sent are kept)`, security, params, body: res.update, response: { 200: res.out } } },
    async (req) => {
      const existing = await fetch(req.params.uid);
      const body = req.body as Record<string, unknown>;
      if (body.Uid !== undefined && body.Uid !== req.params.uid) throw new AppError(ErrorCode.InvalidValue, 'Uid cannot be changed.');
      const merged = res.create.safeParse({ ...(res.asInput(existing) as Record<string, unknown>), ...body, Uid: req.params.uid });
      if (!merged.success) {
        throw new AppError(ErrorCode.ValidationFailed, merged.error.issues[0]?.message, fieldErrorsFromZod(merged.error.issues));
      }
      await res.save(merged.data);
      await deps.onChange();
      return fetch(req.params.uid);
    });
  r.delete(`${base}/:uid`, { schema: { tags: ['admin'], summary: `Deactivate a ${res.tag} (kept for existing subscriptions)`, security, params, response: { 200: res.out } } },
    async (req) => {
      await fetch(req.params.uid);
      await deps.catalog.setActive(res.kind, req.params.uid, false);
      await deps.onChange();
      return fetch(req.params.uid);
    });
}

const mapPage = <S, T>(p: Page<S>, f: (s: S) => T): Page<T> => ({ items: p.items.map(f), total: p.total });

const withoutNested = (w: object, ...keys: string[]) =>
  Object.fromEntries(Object.entries(w).filter(([k]) => !keys.includes(k)));

export async function catalogAdminRoutes(app: FastifyInstance, deps: Deps) {
  const { catalog, currency } = deps;
  const checkCouponCode = async (i: CouponInput) => {
    if (await catalog.couponCodeTaken(i.UniqueIdentifier, i.Uid)) {
      throw new AppError(ErrorCode.Conflict, `The code '${i.UniqueIdentifier}' is already used by another coupon.`, [
        { Field: 'UniqueIdentifier', ErrorCode: ErrorCode.Conflict, Message: 'This code is already in use.' },
      ]);
    }
  };
  registerResource(app, {
    path: 'planfamilies', tag: 'plan family', kind: 'family', out: planFamilyOut, create: planFamilyInput, update: planFamilyUpdate,
    notFound: ErrorCode.NotFound,
    list: async (page) => {
      const families = await catalog.pageFamilies({}, page);
      const plans = families.items.length ? (await catalog.pagePlans({ familyUids: families.items.map((f) => f.Uid) }, { limit: -1, offset: 0 })).items : [];
      return mapPage(families, (f) => familyToWire(f, plans.filter((p) => p.PlanFamilyUid === f.Uid), currency));
    },
    get: async (uid) => {
      const f = await catalog.getFamily(uid);
      return f ? familyToWire(f, await catalog.listPlans({ familyUid: uid }), currency) : null;
    },
    asInput: (w) => withoutNested(w, 'Plans'),
    insert: (i) => catalog.insertFamily(familyRow(i)),
    save: (i) => catalog.upsertFamily(familyRow(i)),
  }, deps);
  registerResource(app, {
    path: 'addons', tag: 'add-on', kind: 'addOn', out: addOnOut, create: addOnInput, update: addOnUpdate, notFound: ErrorCode.AddOnNotFound,
    list: async (page) => mapPage(await catalog.pageAddOns(page), (a) => addOnToWire(a, currency)),
    get: async (uid) => { const a = await catalog.getAddOn(uid); return a ? addOnToWire(a, currency) : null; },
    asInput: (w) => withoutNested(w, 'AddOnType'),
    insert: (i) => catalog.insertAddOn(addOnRow(i, currency)),
    save: (i) => catalog.upsertAddOn(addOnRow(i, currency)),
  }, deps);
  registerResource(app, {
    path: 'plans', tag: 'plan', kind: 'plan', out: planOut, create: planInput, update: planUpdate, notFound: ErrorCode.PlanNotFound,
    list: async (page) => mapPage(await catalog.pagePlans({}, page), (p) => planToWire(p, currency)),
    get: async (uid) => { const p = await catalog.getPlan(uid); return p ? planToWire(p, currency) : null; },
    asInput: (w) => ({ ...w, PlanAddOns: w.PlanAddOns.map((pa) => ({ AddOn: { Uid: pa.AddOn.Uid }, IsUserSelectable: pa.IsUserSelectable })) }),
    insert: async (i) => {
      await checkPlanReferences(catalog, i);
      const { row, links } = planRow(i, currency);
      return catalog.insertPlan(row, links);
    },
    save: async (i) => {
      await checkPlanReferences(catalog, i);
      const { row, links } = planRow(i, currency);
      await catalog.upsertPlan(row, links);
    },
  }, deps);
  registerResource(app, {
    path: 'discountcoupons', tag: 'discount coupon', kind: 'coupon', out: couponOut, create: couponInput, update: couponUpdate,
    notFound: ErrorCode.NotFound,
    list: async (page) => mapPage(await catalog.pageCoupons(page), (c) => couponToWire(c, currency)),
    get: async (uid) => { const c = await catalog.getCoupon(uid); return c ? couponToWire(c, currency) : null; },
    asInput: (w) => w,
    insert: async (i) => {
      await checkCouponCode(i);
      return catalog.insertCoupon(couponRow(i, currency));
    },
    save: async (i) => {
      await checkCouponCode(i);
      await catalog.upsertCoupon(couponRow(i, currency));
    },
  }, deps);
}
