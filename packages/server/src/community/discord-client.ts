import { setTimeout as delay } from 'node:timers/promises';
import type { CompanyConfig } from '../config/company-config.schema.ts';

export type DiscordOauthConfig = NonNullable<NonNullable<CompanyConfig['community']['discord']>['oauth']>;

/** Discord answered something Portico cannot go on with; `kind` decides the screen the person sees. */
export class DiscordError extends Error {
  constructor(readonly kind: 'invalid_grant' | 'unavailable' | 'unauthorized', message: string, readonly status?: number) { super(message); }
}

/** The longest Portico waits on one 429's Retry-After before giving up (the reconciliation tries again next period). */
const MAX_RETRY_AFTER_MS = 10_000;
const MAX_ATTEMPTS = 4;
const CALL_TIMEOUT_MS = 10_000;

/**
 * The calls Portico makes to Discord (docs/community.md): the code exchange and `/users/@me` with the
 * user's token, the guild member calls with the bot token. Calls go one at a time per client (a
 * queue), honour a 429's Retry-After (header or body, seconds), and wait out a bucket the previous
 * answer said was empty (`X-RateLimit-Remaining: 0`, `X-RateLimit-Reset-After`). Network failures
 * and 5xx become DiscordError('unavailable').
 */
export function discordClient(config: DiscordOauthConfig, secrets: { clientSecret: string; botToken: string }) {
  let tail: Promise<unknown> = Promise.resolve();
  let notBefore = 0;

  async function once(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const wait = notBefore - Date.now();
      if (wait > 0) await delay(wait, undefined, { signal });
      let res: Response;
      try {
        res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]) : AbortSignal.timeout(CALL_TIMEOUT_MS) });
      } catch (err) {
        if (signal?.aborted) throw err;
        throw new DiscordError('unavailable', `Discord cannot be reached: ${(err as Error).message}`);
      }
      if (res.headers.get('x-ratelimit-remaining') === '0') {
        const after = Number(res.headers.get('x-ratelimit-reset-after') ?? res.headers.get('retry-after') ?? 0);
        if (Number.isFinite(after) && after > 0) notBefore = Date.now() + Math.min(after * 1000, MAX_RETRY_AFTER_MS);
      }
      if (res.status !== 429) return res;
      const body = await res.json().catch(() => ({})) as { retry_after?: number };
      const seconds = Number(res.headers.get('retry-after') ?? body.retry_after ?? 1);
      const ms = Math.max(0, Math.min((Number.isFinite(seconds) ? seconds : 1) * 1000, MAX_RETRY_AFTER_MS));
      if (attempt >= MAX_ATTEMPTS) throw new DiscordError('unavailable', 'Discord kept answering 429 (rate limited)', 429);
      notBefore = Date.now() + ms;
    }
  }
  /** Serialises every call of this client (the bot's rate limit is per bot, not per request). */
  function call(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const run = tail.then(() => once(url, init, signal));
    tail = run.catch(() => undefined);
    return run;
  }
  const api = (path: string) => `${config.apiBaseUrl.replace(/\/$/, '')}${path}`;
  const bot = { authorization: `Bot ${secrets.botToken}` };
  const member = (userId: string) => `/guilds/${encodeURIComponent(config.guildId)}/members/${encodeURIComponent(userId)}`;
  const fail = async (res: Response, what: string): Promise<never> => {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    if (res.status >= 500) throw new DiscordError('unavailable', `${what}: Discord answered ${res.status}`, res.status);
    if (res.status === 401 || res.status === 403) throw new DiscordError('unauthorized', `${what}: Discord answered ${res.status} ${text}`, res.status);
    throw new DiscordError('unavailable', `${what}: Discord answered ${res.status} ${text}`, res.status);
  };

  return {
    /** The authorization code (with its PKCE verifier) for the user's access token. */
    async exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<string> {
      const res = await call(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${config.clientId}:${secrets.clientSecret}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }).toString(),
      });
      if (res.status === 400) throw new DiscordError('invalid_grant', 'The authorization code was refused (expired or used)', 400);
      if (!res.ok) await fail(res, 'token exchange');
      const body = await res.json() as { access_token?: unknown };
      if (typeof body.access_token !== 'string') throw new DiscordError('unavailable', 'token exchange: no access_token in the answer');
      return body.access_token;
    },
    async currentUser(accessToken: string): Promise<{ id: string; username: string }> {
      const res = await call(api('/users/@me'), { headers: { authorization: `Bearer ${accessToken}` } });
      if (!res.ok) await fail(res, 'GET /users/@me');
      const body = await res.json() as { id?: unknown; username?: unknown; global_name?: unknown };
      if (typeof body.id !== 'string' || typeof body.username !== 'string') throw new DiscordError('unavailable', 'GET /users/@me: unexpected answer');
      return { id: body.id.slice(0, 40), username: body.username.slice(0, 100) };
    },
    /** Adds the user to the guild with the given roles (PUT, needs guilds.join); an existing member is left as is (204). */
    async joinGuild(userId: string, accessToken: string, roles: string[]): Promise<'joined' | 'already'> {
      const res = await call(api(member(userId)), { method: 'PUT', headers: { ...bot, 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken, roles }) });
      if (res.status === 201) return 'joined';
      if (res.status === 204) return 'already';
      return fail(res, 'join guild');
    },
    /** The member's role ids; null when the user is not in the guild. */
    async memberRoles(userId: string, signal?: AbortSignal): Promise<string[] | null> {
      const res = await call(api(member(userId)), { headers: bot }, signal);
      if (res.status === 404) return null;
      if (!res.ok) await fail(res, 'get member');
      const body = await res.json() as { roles?: unknown };
      return Array.isArray(body.roles) ? body.roles.filter((r): r is string => typeof r === 'string') : [];
    },
    async addRole(userId: string, roleId: string, signal?: AbortSignal): Promise<void> {
      const res = await call(api(`${member(userId)}/roles/${encodeURIComponent(roleId)}`), { method: 'PUT', headers: bot }, signal);
      if (!res.ok) await fail(res, 'add role');
    },
    async removeRole(userId: string, roleId: string, signal?: AbortSignal): Promise<void> {
      const res = await call(api(`${member(userId)}/roles/${encodeURIComponent(roleId)}`), { method: 'DELETE', headers: bot }, signal);
      if (!res.ok && res.status !== 404) await fail(res, 'remove role');
    },
    /** Kicks the member from the guild; not a member (404) is already done. */
    async removeMember(userId: string): Promise<void> {
      const res = await call(api(member(userId)), { method: 'DELETE', headers: bot });
      if (!res.ok && res.status !== 404) await fail(res, 'remove member');
    },
  };
}

export type DiscordClient = ReturnType<typeof discordClient>;
