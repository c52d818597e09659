import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { sortPlans } from '@portico/core/billing/index';
import { addOnOut, planFamilyOut, planOut, uidSchema } from '../catalog/catalog.schemas.ts';
import { addOnToWire, familyToWire, planToWire } from '../catalog/catalog.mappers.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import { AppError } from '../http/app-error.ts';
import { listAnswer, page } from '../http/list.ts';
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
    const active = isActive(req.query.IsActive);
    const plans = (await catalog.listPlans({ familyUid: req.query['PlanFamily.Uid'] })).filter((p) => active === undefined || p.IsActive === active);
    return page(sortPlans(plans).map((p) => planToWire(p, currency)), req.query);
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
    const active = isActive(req.query.IsActive);
    const plans = sortPlans(await catalog.listPlans());
    const families = (await catalog.listFamilies()).filter((f) => active === undefined || f.IsActive === active);
    return page(families.map((f) => familyToWire(f, plans.filter((p) => p.PlanFamilyUid === f.Uid), currency)), req.query);
  });

  r.get('/api/v1/billing/addons/:id', {
    schema: { tags, summary: 'One add-on (404 Errors.AddOnNotFound)', params: z.object({ id: uidSchema }), querystring: fieldsQuery, response: { 200: addOnOut } },
  }, async (req) => {
    const addOn = await catalog.getAddOn(req.params.id);
    if (!addOn) throw new AppError(ErrorCode.AddOnNotFound);
    return addOnToWire(addOn, currency);
  });
}
