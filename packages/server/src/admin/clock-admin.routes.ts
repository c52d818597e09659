import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, END_OF_TIME, START_OF_TIME } from '@portico/core';
import type { ServerClock } from '../clock/server-clock.ts';
import { AppError } from '../http/app-error.ts';

const clockOut = z.object({ Now: z.string(), Adjustable: z.boolean() });
const clockInput = z.union([
  z.object({ Now: z.iso.datetime({ offset: true }).refine((d) => d.slice(0, 10) >= START_OF_TIME && d.slice(0, 10) <= END_OF_TIME, `must be between ${START_OF_TIME} and ${END_OF_TIME}`) }).strict(),
  z.object({ Reset: z.literal(true) }).strict(),
]);

/**
 * Admin: the server clock every date rule reads. It can be pinned (demo, tests,
 * PORTICO_CLOCK) except in production, where PUT answers 403 Errors.ClockLocked.
 */
export async function clockAdminRoutes(app: FastifyInstance, clock: ServerClock) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminKey: [] }];
  const answer = () => ({ Now: clock.now().toISOString(), Adjustable: clock.adjustable });

  r.get('/api/v1/admin/clock', { schema: { tags, security, summary: 'The server clock', response: { 200: clockOut } } }, async () => answer());

  r.put('/api/v1/admin/clock', {
    schema: { tags, security, summary: 'Pin the server clock ({ Now }) or reset it to real time ({ Reset: true }); 403 in production', body: clockInput, response: { 200: clockOut } },
  }, async (req) => {
    if (!clock.adjustable) throw new AppError(ErrorCode.ClockLocked);
    if ('Reset' in req.body) clock.reset();
    else clock.set(new Date(req.body.Now));
    return answer();
  });
}
