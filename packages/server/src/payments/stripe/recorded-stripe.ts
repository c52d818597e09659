import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.stripe.com in tests (Stripe cannot be reached from here): a local HTTP server
 * answering the paths the gateway calls with the recorded responses in fixtures/ (see its README),
 * filling in what the request decides, and keeping the intents it made so later calls see them.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Query and form parameters, flattened the way Stripe encodes them (`expand[0]`, `automatic_payment_methods[enabled]`). */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

type Json = Record<string, unknown>;
const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Json;

export interface RecordedStripe {
  api: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  /** The next call to `METHOD /path` answers this status and fixture instead (an error the test wants). */
  failNext(route: string, status: number, fixtureName: string): void;
  /** What the customer did in the browser with Stripe.js (confirm, authenticate): the intent's new state. */
  update(id: string, patch: Json): void;
  /** The card the customer entered, as the recorded PaymentMethod. */
  card(): Json;
  close(): Promise<void>;
}

export async function startRecordedStripe(): Promise<RecordedStripe> {
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, { status: number; body: Json }>();
  const objects = new Map<string, Json>();
  let counter = 0;
  const card = fixture('payment-method-card.json');

  const expand = (obj: Json, params: Record<string, string>) => {
    const wants = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && v === 'payment_method');
    return wants && typeof obj.payment_method === 'string' ? { ...obj, payment_method: { ...card, id: obj.payment_method } } : obj;
  };
  const missing = (id: string) => ({ status: 404, body: { error: { ...(fixture('error-resource-missing.json').error as Json), message: `No such intent: '${id}'` } } });

  function answer(method: string, path: string, p: Record<string, string>): { status: number; body: Json } {
    const failure = failures.get(`${method} ${path}`);
    if (failure) {
      failures.delete(`${method} ${path}`);
      return failure;
    }
    counter += 1;
    const n = String(counter).padStart(2, '0');
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { ...fixture('customer.json'), id: `cus_Recorded${n}`, email: p.email ?? null } };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const base = fixture('payment-intent.json');
      const id = `pi_3RecordedPayment${n}`;
      const pi = {
        ...base, id, client_secret: `${id}_secret_Zk9Qm2Lx7Vb3Nc5Rt8Yw${n}`, amount: Number(p.amount), currency: p.currency,
        customer: p.customer, capture_method: p.capture_method ?? 'automatic_async', setup_future_usage: p.setup_future_usage ?? null,
        // An off-session charge confirmed in the create (confirm=true): authorized or paid on the saved method at once.
        ...(p.confirm === 'true' ? {
          status: p.capture_method === 'manual' ? 'requires_capture' : 'succeeded', payment_method: p.payment_method ?? null,
          amount_capturable: p.capture_method === 'manual' ? Number(p.amount) : 0,
        } : {}),
      };
      objects.set(id, pi);
      return { status: 200, body: expand(pi, p) };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = `seti_1RecordedSetup${n}`;
      const si = { ...fixture('setup-intent.json'), id, client_secret: `${id}_secret_Qw3Er5Ty7Ui9Op1As3Df${n}`, customer: p.customer, usage: p.usage ?? 'off_session' };
      objects.set(id, si);
      return { status: 200, body: expand(si, p) };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      // Stripe answers resource_missing for a customer it does not have; the tests name one 'cus_Missing…'.
      if (p.customer?.startsWith('cus_Missing')) return { status: 400, body: { error: { ...(fixture('error-resource-missing.json').error as Json), param: 'customer', message: `No such customer: '${p.customer}'` } } };
      const session = fixture('billing-portal-session.json');
      return { status: 200, body: { ...session, id: `bps_1RecordedPortal${n}`, customer: p.customer, return_url: p.return_url ?? null, url: `${String(session.url)}${n}` } };
    }
    // Provider billing: the recorded lists. invoices pages by starting_after over the recorded three (newest first).
    if (method === 'GET' && path === '/v1/invoices') {
      const list = fixture('invoice-list.json');
      const all = (list.data as Json[]).map((inv): Json => ({ ...inv, customer: p.customer }));
      const from = p.starting_after ? all.findIndex((inv) => inv.id === p.starting_after) + 1 : 0;
      if (p.starting_after && from === 0) return { status: 400, body: { error: { ...(fixture('error-resource-missing.json').error as Json), param: 'starting_after', message: `No such invoice: '${p.starting_after}'` } } };
      const limit = Number(p.limit ?? 10);
      return { status: 200, body: { ...list, data: all.slice(from, from + limit), has_more: from + limit < all.length } };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const list = fixture('subscription-list.json');
      return { status: 200, body: { ...list, data: (list.data as Json[]).map((sub) => ({ ...sub, customer: p.customer })) } };
    }
    if (method === 'GET' && path === '/v1/products') {
      const list = fixture('product-list.json');
      const ids = Object.entries(p).filter(([k]) => k.startsWith('ids[')).map(([, v]) => v);
      return { status: 200, body: { ...list, data: (list.data as Json[]).filter((prod) => ids.includes(String(prod.id))) } };
    }
    const m = /^\/v1\/(payment_intents|setup_intents|payment_methods)\/([^/]+)(?:\/(cancel|capture|detach))?$/.exec(path);
    if (!m) return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
    const [, kind, id, action] = m as unknown as [string, string, string, string | undefined];
    if (kind === 'payment_methods') {
      if (action !== 'detach' || !id.startsWith('pm_Recorded')) return missing(id);
      return { status: 200, body: { ...card, id, customer: null } };
    }
    const obj = objects.get(id);
    if (!obj) return missing(id);
    if (action === 'cancel') {
      if (obj.status === 'succeeded') return { status: 400, body: fixture('error-intent-unexpected-state.json') };
      Object.assign(obj, { status: 'canceled', canceled_at: 1795425800, cancellation_reason: p.cancellation_reason ?? null });
    } else if (action === 'capture') {
      if (obj.status !== 'requires_capture') return { status: 400, body: fixture('error-intent-unexpected-state.json') };
      Object.assign(obj, { status: 'succeeded', amount_received: obj.amount, amount_capturable: 0 });
    }
    return { status: 200, body: expand(obj, p) };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) };
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, headers: req.headers });
      const { status, body } = answer(req.method ?? 'GET', url.pathname, params);
      // Tells the SDK not to retry a recorded failure, so error tests take no backoff time.
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_Recorded${counter}`, 'stripe-should-retry': 'false' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    failNext(route, status, fixtureName) { failures.set(route, { status, body: fixture(fixtureName) }); },
    update(id, patch) { Object.assign(objects.get(id) ?? {}, patch); },
    card: () => card,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
