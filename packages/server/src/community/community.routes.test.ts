import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { companyConfigSchema, type CompanyConfig } from '../config/company-config.schema.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInMember, signedInOwner } from '../profile/profile-test-helpers.ts';
import { discordStatus } from './get-discord-status.ts';

/** GET /profile/discord (spec 2 "Community server", "Finishing login"): the status the login's connect prompt reads. */
const INVITE = 'https://discord.gg/portico-e2e';
const base = loadCompanyConfig();
const withDiscord = (discord: unknown): CompanyConfig => companyConfigSchema.parse({ ...base, community: { discord } });

const apps: TestApp[] = [];
async function appWith(config: CompanyConfig): Promise<TestApp> {
  const t = await createTestApp({ config, clock: '2026-03-15T12:00:00Z', database: await openTestDatabase() });
  apps.push(t);
  return t;
}
afterAll(async () => { for (const t of apps) await t.close(); });

const status = (t: TestApp, token?: string) => t.request({ method: 'GET', url: '/api/v1/profile/discord', ...(token ? { headers: bearer(token) } : {}) });
const none = { User: null, HasAccessToDiscord: false, ShouldPromptToConnect: false, InviteUrl: null, CanConnect: false };

describe('GET /profile/discord', () => {
  let plain: TestApp;
  beforeAll(async () => { plain = await appWith(base); });

  it('401 without a token; no community.discord configured: no access and no prompt', async () => {
    expect((await status(plain)).statusCode).toBe(401);
    const owner = await signedInOwner(plain);
    const res = await status(plain, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(none);
  });

  it('configured with promptAfterLogin: the owner and a plain member of a subscribed account get access, a prompt and the invite link', async () => {
    const t = await appWith(withDiscord({ inviteUrl: INVITE, promptAfterLogin: true }));
    const owner = await signedInOwner(t);
    const member = await signedInMember(t, owner.accountUid);
    for (const token of [owner.token, member.token]) {
      const res = await status(t, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ User: null, HasAccessToDiscord: true, ShouldPromptToConnect: true, InviteUrl: INVITE, CanConnect: false });
    }
  });

  it('planUids: only accounts whose current plan is listed have access', async () => {
    const t = await appWith(withDiscord({ inviteUrl: INVITE, promptAfterLogin: true, planUids: ['plan-pro'] }));
    const starter = await signedInOwner(t);
    expect((await status(t, starter.token)).json()).toEqual(none);
    const pro = await signedInOwner(t, { Subscription: { Plan: { Uid: 'plan-pro' } } });
    expect((await status(t, pro.token)).json()).toMatchObject({ HasAccessToDiscord: true, ShouldPromptToConnect: true });
  });

  it('promptAfterLogin false: access (and the link) without a prompt', async () => {
    const t = await appWith(withDiscord({ promptAfterLogin: false }));
    const owner = await signedInOwner(t);
    expect((await status(t, owner.token)).json()).toEqual({ User: null, HasAccessToDiscord: true, ShouldPromptToConnect: false, InviteUrl: null, CanConnect: false });
  });
});

describe('discordStatus (the rule)', () => {
  const discord = { promptAfterLogin: true, planUids: ['plan-pro'], inviteUrl: INVITE };
  it('a connected person is not prompted again', () => {
    expect(discordStatus(discord, 'plan-pro', 'ada#1815')).toEqual({ User: { Username: 'ada#1815' }, HasAccessToDiscord: true, ShouldPromptToConnect: false, InviteUrl: INVITE, CanConnect: false });
  });
  it('no current plan or no config: nothing', () => {
    expect(discordStatus(discord, null, null)).toEqual(none);
    expect(discordStatus(undefined, 'plan-pro', null)).toEqual(none);
  });
});

describe('community.discord config', () => {
  it('refuses a non-https invite link, an empty planUids and unknown keys, naming the path', () => {
    for (const [discord, path] of [
      [{ inviteUrl: 'http://discord.gg/x', promptAfterLogin: true }, 'community.discord.inviteUrl'],
      [{ planUids: [] }, 'community.discord.planUids'],
      [{ promptAfterLogin: true, botToken: 'x' }, 'community.discord'],
    ] as const) {
      const parsed = companyConfigSchema.safeParse({ ...base, community: { discord } });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(path);
    }
    expect(companyConfigSchema.parse({ ...base, community: { discord: {} } }).community.discord).toEqual({ promptAfterLogin: false });
  });
});
