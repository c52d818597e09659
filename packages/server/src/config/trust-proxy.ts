import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's `trustProxy` takes: nothing, everything, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

// proxy-addr's names for address ranges: loopback (127.0.0.1/8, ::1), linklocal, uniquelocal (10/8, 172.16/12, 192.168/16, fc00::/7).
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * PORTICO_TRUST_PROXY: whom to believe about the client's address (X-Forwarded-For).
 * `false` (default): the socket address, forwarded headers ignored. `true`: every hop,
 * safe only when the proxy replaces X-Forwarded-For. A number: that many proxies in front.
 * A comma list of addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`: those proxies.
 */
export const trustProxySchema = z.string().trim().optional().transform((value, ctx): TrustProxy => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0 || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `expected false, true, a hop count, or a comma list of addresses/CIDRs; not valid: ${bad.join(', ') || value}` });
    return z.NEVER;
  }
  return entries;
});

/**
 * The option Fastify takes. Fastify 5.12 ignores a plain hop count (it fails closed, since a
 * count cannot tell a proxy from a client that connects directly), so a count becomes
 * proxy-addr's own hop rule: the socket peer and the next `hops - 1` addresses are proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
