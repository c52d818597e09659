/**
 * Demo mode's transport: the same typed calls as a server, answered from the
 * demo data with core's rules, so screens never ask whether they run in demo
 * mode. Routes without a demo answer get 404 Errors.NotFound, as an unknown
 * route would. Every answer is checked against the generated API types.
 */
import { ErrorCode } from '@portico/core';
import { defaultMessages } from '@portico/core/errors/default-messages';
import type { ErrorBody, FieldError } from '@portico/core';
import type { HttpMethod, Operation, PathsFor, RequestBody, ResponseBody } from '../api/api-types.ts';
import type { ApiAnswer, ApiCall, Transport } from '../api/transport.ts';
import { DEMO_COUPONS, DEMO_SETTINGS } from './demo-settings.ts';

/** What a demo handler receives: the call's parameters and its typed body. */
interface DemoRequest<O> {
  pathParams: Readonly<Record<string, string | number>>;
  query: Readonly<Record<string, unknown>>;
  body: RequestBody<O>;
  now: Date;
}

/** A refusal, answered in the server's error shape. */
export class DemoRefusal {
  constructor(readonly status: number, readonly code: ErrorCode, readonly fieldErrors: FieldError[] = []) {}
}

type Handler<O> = (req: DemoRequest<O>) => ResponseBody<O> | Promise<ResponseBody<O>>;
type Route = { method: HttpMethod; path: string; handle: Handler<never> };

function route<M extends HttpMethod, P extends PathsFor<M>>(method: M, path: P, handle: Handler<Operation<M, P>>): Route {
  return { method, path, handle: handle as unknown as Handler<never> };
}

const errorBody = (r: DemoRefusal): ErrorBody => ({
  Status: r.status, ErrorCode: r.code, Message: r.fieldErrors.length === 1 ? r.fieldErrors[0]!.Message : defaultMessages[r.code], FieldErrors: r.fieldErrors,
});

const ROUTES: Route[] = [
  route('get', '/api/v1/widgets/auth/init', () => DEMO_SETTINGS),
  route('get', '/api/v1/public/billing/discountcoupons/exists', () => ({ Result: DEMO_COUPONS.some((c) => c.IsActive) })),
  route('get', '/api/v1/public/billing/discountcoupons/{code}', async (req) =>
    (await import('./demo-billing.ts')).lookUpCoupon(String(req.pathParams.code), typeof req.query.planUid === 'string' ? req.query.planUid : null, req.now)),
  route('post', '/api/v1/billing/subscriptions/compute-charge-summary', async (req) =>
    (await import('./demo-billing.ts')).computeChargeSummary(req.body, req.query.asOf === 'renewal' ? 'renewal' : 'now', req.now)),
];

export function demoTransport(clock: () => Date = () => new Date()): Transport {
  return async (call: ApiCall): Promise<ApiAnswer> => {
    const found = ROUTES.find((r) => r.method === call.method && r.path === call.path);
    const answer = (status: number, body: unknown): ApiAnswer => ({ status, body, header: () => null });
    if (!found) return answer(404, errorBody(new DemoRefusal(404, ErrorCode.NotFound)));
    try {
      const body = await found.handle({ pathParams: call.pathParams, query: call.query, body: call.body as never, now: clock() });
      return answer(200, structuredClone(body));
    } catch (err) {
      if (err instanceof DemoRefusal) return answer(err.status, errorBody(err));
      // A bug in a demo handler shows as the server's would: a 500.
      console.error('Portico demo transport', err);
      return answer(500, errorBody(new DemoRefusal(500, ErrorCode.SystemError)));
    }
  };
}
