import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for Discord's OAuth2 and the API calls Portico makes (docs/community.md
 * "Testing against the stand-in"): a real HTTP server, so the server under test and the browser talk
 * to it exactly as they would to discord.com. It records every call it was asked.
 *
 * - `GET /oauth2/authorize`: a page with an 'Authorize' button (redirects back with a code) and a
 *   'Cancel' link (redirects back with error=access_denied, as Discord does).
 * - `POST /api/oauth2/token`: authorization code (+ PKCE S256 when a challenge was sent) for a token.
 * - `GET /api/v10/users/@me` with the user's token.
 * - `PUT|GET|DELETE /api/v10/guilds/{g}/members/{u}`, `PUT|PATCH|DELETE .../roles/{r}` with `Bot <token>`.
 */
export interface LocalDiscordUser { id: string; username: string }
export interface RecordedCall { method: string; path: string; body: unknown; status: number }

export interface LocalDiscord {
  /** Base URL; the config's URLs are `${url}/oauth2/authorize`, `${url}/api/oauth2/token`, `${url}/api/v10`. */
  url: string;
  config: { authorizeUrl: string; tokenUrl: string; apiBaseUrl: string };
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
  /** Who the next authorization signs in as. */
  setUser(user: LocalDiscordUser): void;
  /** The guild member's roles (null: not a member). */
  memberRoles(userId: string): string[] | null;
  /** A moderator's hand: give a role outside Portico. */
  addRoleByHand(userId: string, roleId: string): void;
  removeRoleByHand(userId: string, roleId: string): void;
  /** The next `count` API calls answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** While down, every API and token call answers 503. */
  setDown(down: boolean): void;
  calls: RecordedCall[];
  close(): Promise<void>;
}

interface PendingCode { user: LocalDiscordUser; redirectUri: string; challenge: string | null; expires: number }

export async function startLocalDiscord(options: { guildId?: string; clientId?: string } = {}): Promise<LocalDiscord> {
  const clientId = options.clientId ?? '1100000000000000001';
  const clientSecret = `cs-${randomBytes(12).toString('hex')}`;
  const botToken = `bot-${randomBytes(12).toString('hex')}`;
  const guildId = options.guildId ?? '1200000000000000001';
  let user: LocalDiscordUser = { id: '80351110224678912', username: 'ada_lovelace' };
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, LocalDiscordUser>();
  const members = new Map<string, Set<string>>();
  const calls: RecordedCall[] = [];
  let limited = { count: 0, retryAfter: 0 };
  let down = false;

  const send = (res: ServerResponse, call: RecordedCall | null, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    if (call) { call.status = status; calls.push(call); }
    res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const html = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Discord (local)</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;color:#111">${body}</body></html>`);
  };
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname;
      const method = req.method ?? 'GET';

      // The authorize page and its button: a browser's, not the API's (not rate limited).
      if (method === 'GET' && path === '/oauth2/authorize') {
        const q = url.searchParams;
        const redirect = q.get('redirect_uri') ?? '';
        const back = (extra: Record<string, string>) => `${redirect}${redirect.includes('?') ? '&' : '?'}${new URLSearchParams({ ...extra, state: q.get('state') ?? '' })}`;
        if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !redirect) {
          html(res, 400, '<h1>Invalid OAuth2 request</h1>');
          return;
        }
        html(res, 200, `<h1>Authorize Portico</h1><p>Signed in to Discord as <strong>${esc(user.username)}</strong>.</p>`
          + `<p>Portico asks to: ${esc(q.get('scope') ?? '')}</p>`
          + `<form method="get" action="/oauth2/approve">${[...q.entries()].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('')}`
          + `<button type="submit">Authorize</button></form><p><a href="${esc(back({ error: 'access_denied', error_description: 'The resource owner or authorization server denied the request' }))}">Cancel</a></p>`);
        return;
      }
      if (method === 'GET' && path === '/oauth2/approve') {
        const q = url.searchParams;
        const code = randomBytes(16).toString('hex');
        codes.set(code, { user, redirectUri: q.get('redirect_uri') ?? '', challenge: q.get('code_challenge'), expires: Date.now() + 10 * 60_000 });
        const redirect = q.get('redirect_uri') ?? '';
        res.writeHead(302, { location: `${redirect}${redirect.includes('?') ? '&' : '?'}${new URLSearchParams({ code, state: q.get('state') ?? '' })}` }).end();
        return;
      }

      const raw = await readBody(req);
      const call: RecordedCall = { method, path, body: raw ? safeJson(raw) : null, status: 0 };
      if (down) return send(res, call, 503, { message: 'Service Unavailable' });
      if (limited.count > 0) {
        limited.count -= 1;
        return send(res, call, 429, { message: 'You are being rate limited.', retry_after: limited.retryAfter, global: false },
          { 'retry-after': String(limited.retryAfter), 'x-ratelimit-remaining': '0' });
      }

      if (method === 'POST' && path === '/api/oauth2/token') {
        const form = new URLSearchParams(raw);
        call.body = { grant_type: form.get('grant_type'), code: form.get('code') ? '…' : null };
        const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':') : null;
        const [id, secret] = basic ?? [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return send(res, call, 401, { error: 'invalid_client' });
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (form.get('grant_type') !== 'authorization_code' || !pending || pending.expires < Date.now() || pending.redirectUri !== form.get('redirect_uri')) {
          return send(res, call, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
        }
        if (pending.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) return send(res, call, 400, { error: 'invalid_grant', error_description: 'Invalid "code_verifier"' });
        }
        const access = randomBytes(16).toString('hex');
        tokens.set(access, pending.user);
        return send(res, call, 200, { access_token: access, token_type: 'Bearer', expires_in: 604800, refresh_token: randomBytes(16).toString('hex'), scope: 'identify guilds.join' });
      }

      const api = path.replace(/^\/api\/v\d+/, '');
      if (method === 'GET' && api === '/users/@me') {
        const who = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return who ? send(res, call, 200, { id: who.id, username: who.username, global_name: who.username, discriminator: '0' }) : send(res, call, 401, { message: '401: Unauthorized', code: 0 });
      }
      const m = /^\/guilds\/([^/]+)\/members\/([^/]+)(?:\/roles\/([^/]+))?$/.exec(api);
      if (m) {
        if (req.headers.authorization !== `Bot ${botToken}`) return send(res, call, 401, { message: '401: Unauthorized', code: 0 });
        const [, g, u, r] = m;
        if (g !== guildId) return send(res, call, 404, { message: 'Unknown Guild', code: 10004 });
        const roles = members.get(u!);
        if (r) {
          if (!roles) return send(res, call, 404, { message: 'Unknown Member', code: 10007 });
          if (method === 'PUT' || method === 'PATCH') { roles.add(r); return send(res, call, 204); }
          if (method === 'DELETE') { roles.delete(r); return send(res, call, 204); }
        } else {
          if (method === 'GET') return roles ? send(res, call, 200, { user: { id: u, username: u }, roles: [...roles] }) : send(res, call, 404, { message: 'Unknown Member', code: 10007 });
          if (method === 'PUT') {
            const body = (call.body ?? {}) as { access_token?: string; roles?: string[] };
            const who = tokens.get(body.access_token ?? '');
            if (!who || who.id !== u) return send(res, call, 403, { message: 'Invalid OAuth2 access token', code: 50025 });
            call.body = { ...body, access_token: '…' };
            if (roles) return send(res, call, 204);
            members.set(u!, new Set(body.roles ?? []));
            return send(res, call, 201, { user: { id: u, username: who.username }, roles: body.roles ?? [] });
          }
          if (method === 'DELETE') {
            if (!roles) return send(res, call, 404, { message: 'Unknown Member', code: 10007 });
            members.delete(u!);
            return send(res, call, 204);
          }
        }
      }
      send(res, call, 404, { message: '404: Not Found', code: 0 });
    })().catch((err: unknown) => { res.writeHead(500).end(String(err)); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    config: { authorizeUrl: `${url}/oauth2/authorize`, tokenUrl: `${url}/api/oauth2/token`, apiBaseUrl: `${url}/api/v10` },
    clientId, clientSecret, botToken, guildId,
    setUser(u) { user = u; },
    memberRoles: (id) => { const r = members.get(id); return r ? [...r].sort() : null; },
    addRoleByHand(id, role) { members.get(id)?.add(role); },
    removeRoleByHand(id, role) { members.get(id)?.delete(role); },
    rateLimitNext(count, retryAfter) { limited = { count, retryAfter }; },
    setDown(d) { down = d; },
    calls,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function safeJson(raw: string): unknown {
  try { return JSON.parse(raw); } catch { return raw; }
}
