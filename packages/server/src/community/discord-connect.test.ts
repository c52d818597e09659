import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { startLocalDiscord, type LocalDiscord } from '../testing/local-discord.ts';
import { bearer, signedInMember, signedInOwner } from '../profile/profile-test-helpers.ts';

/**
 * Issue 18 (discord): connecting a member's Discord account through OAuth2 against the local Discord
 * stand-in (a real HTTP server), the callback's outcomes, disconnect, and the reconciliation job
 * that keeps the guild roles matching the plans. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
const NOW = '2026-03-15T12:00:00Z';
const SITE = 'http://localhost:3000';
const MEMBER_ROLE = 'role-member';
const PRO_ROLE = 'role-pro';
const MOD_ROLE = 'role-moderator'; // not Portico's: never touched
const PRO = { Plan: { Uid: 'plan-pro' } };

let ld: LocalDiscord;
let t: TestApp;

beforeAll(async () => {
  ld = await startLocalDiscord();
  const base = loadCompanyConfig();
  const config = companyConfigSchema.parse({
    ...base,
    community: {
      discord: {
        promptAfterLogin: true,
        oauth: {
          clientId: ld.clientId, redirectUri: `${SITE}/api/v1/community/discord/callback`, guildId: ld.guildId, ...ld.config,
          defaultRoleId: MEMBER_ROLE, rolesByPlan: { 'plan-pro': PRO_ROLE },
        },
      },
    },
  });
  t = await createTestApp({
    config, clock: NOW,
    app: { secrets: { PORTICO_DISCORD_CLIENT_SECRET: ld.clientSecret, PORTICO_DISCORD_BOT_TOKEN: ld.botToken } },
  });
});
afterAll(async () => { await t?.close(); await ld?.close(); });
beforeEach(() => { t.clock.set(new Date(NOW)); ld.setDown(false); ld.rateLimitNext(0, 0); });

let userCounter = 0;
const nextUser = () => { userCounter += 1; const u = { id: `9000000000000${userCounter}`, username: `member_${userCounter}` }; ld.setUser(u); return u; };

const status = (token: string) => t.request({ method: 'GET', url: '/api/v1/profile/discord', headers: bearer(token) });

/** The widget's call: Discord's authorize URL. */
async function authorizeUrl(token: string, returnUrl = `${SITE}/account`): Promise<URL> {
  const res = await t.request({ method: 'GET', url: `/api/v1/profile/authorizeDiscord?returnUrl=${encodeURIComponent(returnUrl)}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().Url);
}

/** The browser on Discord: the authorize page, then its 'Authorize' button; answers where Discord redirects to. */
async function approve(url: URL): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('>Authorize</button>');
  const res = await fetch(`${ld.url}/oauth2/approve${url.search}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** Discord's redirect arriving at Portico (a browser page). */
async function callback(redirect: URL) {
  const res = await t.request({ method: 'GET', url: `${redirect.pathname}${redirect.search}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  const outcome = /data-outcome="([a-z_]+)"/.exec(res.body)?.[1];
  return { outcome, body: res.body };
}

async function connect(token: string) {
  const user = nextUser();
  const back = await callback(await approve(await authorizeUrl(token)));
  return { user, ...back };
}

const reconcile = async () => {
  const [report] = await t.app.jobs.runJobsNow(['community.discord-reconcile']);
  return report!;
};
const repairs = async () => (await t.admin({ method: 'GET', url: '/api/v1/admin/community/discord/repairs?limit=50' })).json().Items as { PersonUid: string; Action: string; RoleId: string | null; Source: string }[];

describe('connecting Discord (OAuth2 against the local stand-in)', () => {
  it('a pro member connects: joins the server with the default and the plan role; the status names them and no longer prompts', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    expect((await status(owner.token)).json()).toMatchObject({ User: null, HasAccessToDiscord: true, ShouldPromptToConnect: true, CanConnect: true });
    const url = await authorizeUrl(owner.token);
    expect(url.origin + url.pathname).toBe(ld.config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: ld.clientId, response_type: 'code', scope: 'identify guilds.join', code_challenge_method: 'S256' });
    const user = nextUser();
    const { outcome, body } = await callback(await approve(url));
    expect(outcome).toBe('connected');
    expect(body).toContain(`connected as ${user.username}`);
    expect(body).toContain(`href="${SITE}/account"`);
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE, PRO_ROLE]);
    expect((await status(owner.token)).json()).toMatchObject({ User: { Username: user.username }, ShouldPromptToConnect: false });
    // The join used the user's token once; nothing of it is in the recorded bodies Portico could be asked about later.
    expect(ld.calls.some((c) => c.method === 'PUT' && c.path === `/api/v10/guilds/${ld.guildId}/members/${user.id}`)).toBe(true);
  });

  it('a replayed callback and a forged state end on the expired-link page, changing nothing', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    const user = nextUser();
    const redirect = await approve(await authorizeUrl(owner.token));
    expect((await callback(redirect)).outcome).toBe('connected');
    const calls = ld.calls.length;
    expect((await callback(redirect)).outcome).toBe('invalid_state');
    const forged = new URL(redirect); forged.searchParams.set('state', 'A'.repeat(43));
    expect((await callback(forged)).outcome).toBe('invalid_state');
    const none = new URL(redirect); none.search = '';
    expect((await callback(none)).outcome).toBe('invalid_state');
    expect(ld.calls.length).toBe(calls);
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE, PRO_ROLE]);
  });

  it('denied on Discord, an expired code, Discord down: each its own page, nobody connected', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    nextUser();
    // 'Cancel' on Discord's page: error=access_denied with the state.
    const url = await authorizeUrl(owner.token);
    const denied = new URL(`${SITE}/api/v1/community/discord/callback`);
    denied.search = new URLSearchParams({ error: 'access_denied', state: url.searchParams.get('state')! }).toString();
    const d = await callback(denied);
    expect(d.outcome).toBe('denied');
    expect(d.body).toContain('You cancelled the authorization on Discord.');
    // A code Discord no longer accepts.
    const redirect = await approve(await authorizeUrl(owner.token));
    redirect.searchParams.set('code', 'expired-code');
    expect((await callback(redirect)).outcome).toBe('expired_code');
    // Discord down at the token exchange.
    const later = await approve(await authorizeUrl(owner.token));
    ld.setDown(true);
    const down = await callback(later);
    expect(down.outcome).toBe('unavailable');
    expect(down.body).toContain('We could not reach Discord just now.');
    expect((await status(owner.token)).json().User).toBeNull();
  });

  it('a state is bound to its session: after logout the callback is refused', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    nextUser();
    const redirect = await approve(await authorizeUrl(owner.token));
    expect((await t.request({ method: 'POST', url: '/api/v1/tokens/logout', headers: bearer(owner.token) })).statusCode).toBeLessThan(300);
    expect((await callback(redirect)).outcome).toBe('invalid_state');
  });

  it("429 from Discord: Portico waits the Retry-After and goes on", async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    const user = nextUser();
    const redirect = await approve(await authorizeUrl(owner.token));
    const before = ld.calls.length;
    ld.rateLimitNext(2, 0.05);
    expect((await callback(redirect)).outcome).toBe('connected');
    expect(ld.calls.slice(before).map((c) => c.status).slice(0, 3)).toEqual([429, 429, 200]);
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE, PRO_ROLE]);
  });

  it('refuses a returnUrl off the site (400 on querystring.returnUrl)', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    const off = await t.request({ method: 'GET', url: `/api/v1/profile/authorizeDiscord?returnUrl=${encodeURIComponent('https://evil.example/')}`, headers: bearer(owner.token) });
    expect(off.statusCode).toBe(400);
    expect(off.json().FieldErrors[0].Field).toBe('querystring.returnUrl');
  });
});

describe('disconnecting', () => {
  it('kicks the member from the server and forgets the connection; twice is fine', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    const { user } = await connect(owner.token);
    ld.setDown(true);
    const failed = await t.request({ method: 'DELETE', url: '/api/v1/profile/discord', headers: bearer(owner.token) });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().ErrorCode).toBe('Errors.CommunityUnavailable');
    expect((await status(owner.token)).json().User).toEqual({ Username: user.username });
    ld.setDown(false);
    const [a, b] = await Promise.all([0, 1].map(() => t.request({ method: 'DELETE', url: '/api/v1/profile/discord', headers: bearer(owner.token) })));
    expect([a!.statusCode, b!.statusCode]).toEqual([204, 204]);
    expect(ld.memberRoles(user.id)).toBeNull();
    expect((await status(owner.token)).json()).toMatchObject({ User: null, ShouldPromptToConnect: true });
  });
});

describe('reconciliation (community.discord-reconcile)', () => {
  it('a role added by hand is repaired and logged; a role Portico does not manage is left alone', async () => {
    const owner = await signedInOwner(t); // plan-starter: the default role only
    const { user } = await connect(owner.token);
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE]);
    ld.addRoleByHand(user.id, PRO_ROLE);
    ld.addRoleByHand(user.id, MOD_ROLE);
    const report = await reconcile();
    expect(report.status, report.error).toBe('ran');
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE, MOD_ROLE]);
    expect((await repairs()).filter((r) => r.PersonUid === owner.personUid && r.Source === 'reconcile')).toEqual([
      expect.objectContaining({ Action: 'role.remove', RoleId: PRO_ROLE }),
    ]);
    // Nothing left to do: a second pass repairs nothing.
    const count = (await repairs()).length;
    expect((await reconcile()).status).toBe('ran');
    expect((await repairs()).length).toBe(count);
    // A managed role taken away by hand is given back.
    ld.removeRoleByHand(user.id, MEMBER_ROLE);
    expect((await reconcile()).status).toBe('ran');
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE, MOD_ROLE]);
    expect((await repairs()).filter((r) => r.PersonUid === owner.personUid && r.Source === 'reconcile').map((r) => `${r.Action} ${r.RoleId}`).sort())
      .toEqual([`role.add ${MEMBER_ROLE}`, `role.remove ${PRO_ROLE}`]);
  });

  it('the subscription ends: the next pass removes the roles (the stand-in sees the DELETEs)', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    const member = await signedInMember(t, owner.accountUid);
    const { user } = await connect(owner.token);
    const other = await connect(member.token);
    expect(ld.memberRoles(other.user.id)).toEqual([MEMBER_ROLE, PRO_ROLE]);
    const cancel = await t.request({ method: 'POST', url: '/api/v1/profile/account/cancellations', payload: { CancelationReason: 'Too expensive' }, headers: bearer(owner.token) });
    expect(cancel.statusCode, cancel.body).toBe(201);
    // Cancelling: the plan runs to its end date, so the roles stay.
    expect((await reconcile()).status).toBe('ran');
    expect(ld.memberRoles(user.id)).toEqual([MEMBER_ROLE, PRO_ROLE]);
    const before = ld.calls.length;
    t.clock.set(new Date('2026-04-10T00:01:00Z'));
    const report = await reconcile();
    expect(report.status, report.error).toBe('ran');
    expect(ld.memberRoles(user.id)).toEqual([]);
    expect(ld.memberRoles(other.user.id)).toEqual([]);
    const deletes = ld.calls.slice(before).filter((c) => c.method === 'DELETE').map((c) => c.path);
    for (const id of [user.id, other.user.id]) {
      expect(deletes).toContain(`/api/v10/guilds/${ld.guildId}/members/${id}/roles/${MEMBER_ROLE}`);
      expect(deletes).toContain(`/api/v10/guilds/${ld.guildId}/members/${id}/roles/${PRO_ROLE}`);
    }
    const logged = (await repairs()).filter((r) => r.PersonUid === owner.personUid && r.Source === 'reconcile');
    expect(logged.map((r) => `${r.Action} ${r.RoleId}`).sort()).toEqual([`role.remove ${MEMBER_ROLE}`, `role.remove ${PRO_ROLE}`]);
  });

  it('Discord down: the run fails with its error kept (retried by the runner), nothing lost', async () => {
    const owner = await signedInOwner(t, { Subscription: PRO });
    await connect(owner.token);
    ld.setDown(true);
    const report = await reconcile();
    expect(report.status).toBe('failed');
    expect(report.error).toContain('could not be checked');
  });

  it('the admin API answers the repairs only with the admin key', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/community/discord/repairs' })).statusCode).toBe(401);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/community/discord/repairs?limit=0' })).statusCode).toBe(400);
  });
});
