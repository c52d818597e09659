import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { sortPlans } from '@portico/core/billing/index';
import { addOnOut, planFamilyOut, planOut, uidSchema } from '../catalog/catalog.schemas.ts';
import { addOnToWire, familyToWire, planToWire } from '../catalog/catalog.mappers.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import { AppError } from '../http/app-error.ts';
import { listAnswer, listOf } from '../http/list.ts';
import { fieldsQuery, plansQuery } from './billing.schemas.ts';

interface Deps { catalog: CatalogRepository; currency: string }

const familiesQuery = plansQuery.omit({ 'PlanFamily.Uid': true });
const isActive = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

/** Public catalogue reads (spec 1 section 7): the sign-up widget needs them before login. */
export async function planRoutes(app: FastifyInstance, { catalog, currency }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.get('/api/v1/billing/plans', {
    schema: { tags, summary: 'Plans, sorted by monthly, quarterly, annual and one-time rate, then name', querystring: plansQuery, response: { 200: listAnswer(planOut) } },
  }, async (req) => {
    const family = req.query['PlanFamily.Uid'];
    const found = await catalog.pagePlans({ familyUids: family ? [family] : undefined, isActive: isActive(req.query.IsActive), byRate: true }, req.query);
    return listOf(found, req.query, (p) => planToWire(p, currency));
  });

  r.get('/api/v1/billing/plans/:id', {
    schema: { tags, summary: 'One plan (404 Errors.PlanNotFound)', params: z.object({ id: uidSchema }), querystring: fieldsQuery, response: { 200: planOut } },
  }, async (req) => {
    const plan = await catalog.getPlan(req.params.id);
    if (!plan) throw new AppError(ErrorCode.PlanNotFound);
    return planToWire(plan, currency);
  });

  r.get('/api/v1/billing/planfamilies', {
    schema: { tags, summary: 'Plan families with their Plans (sorted) and the plans\' PlanAddOns', querystring: familiesQuery, response: { 200: listAnswer(planFamilyOut) } },
  }, async (req) => {
    const families = await catalog.pageFamilies({ isActive: isActive(req.query.IsActive) }, req.query);
    const plans = families.items.length ? sortPlans((await catalog.pagePlans({ familyUids: families.items.map((f) => f.Uid) }, { limit: -1, offset: 0 })).items) : [];
    return listOf(families, req.query, (f) => familyToWire(f, plans.filter((p) => p.PlanFamilyUid === f.Uid), currency));
  });

  r.get('/api/v1/billing/addons/:id', {
    schema: { tags, summary: 'One add-on (404 Errors.AddOnNotFound)', params: z.object({ id: uidSchema }), querystring: fieldsQuery, response: { 200: addOnOut } },
  }, async (req) => {
    const addOn = await catalog.getAddOn(req.params.id);
    if (!addOn) throw new AppError(ErrorCode.AddOnNotFound);
    return addOnToWire(addOn, currency);
  });
}
