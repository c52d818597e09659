import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_SETTINGS } from '../app/fallback-settings.ts';
import { readClaims } from '../auth/claims.ts';
import { createTokenStore } from '../auth/token-store.ts';
import { createEmitter } from '../shared/events.ts';
import { createStore } from '../shared/store.ts';
import type { Runtime } from '../shared/runtime-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { initialNav, navReducer, type NavEntry } from '../navigation/navigator.ts';
import { browser, completeSignIn, redirectAfterLogin, type SignInContext } from './complete-sign-in.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;

const sub = { Uid: 's1', StartDate: '2026-01-10T09:00:00Z', EndDate: null, ExpirationDate: null, Quantity: 1, NewRequiredQuantity: null, IsPlanUpgradeRequired: false, PlanUpgradeRequiredMessage: null };
const account = (over: object = {}) => ({
  Uid: 'acc-1', Name: 'Acme', ClientIdentifier: null, AccountStage: null, IsPrimary: true, IsCurrent: true,
  PrimaryContact: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
  CurrentSubscription: sub, LatestSubscription: sub, PaymentInformation: null, ...over,
});

let server: { accounts: object[]; mustChange: boolean; discord: number | object; calls: string[] };
let moves: { state: string; params?: unknown; errors?: unknown }[];
let notices: string[];
let assigned: string[];
let resumed: number;

function context(settings: Partial<typeof FALLBACK_SETTINGS> = {}, returnTo?: NavEntry): SignInContext {
  const runtime: Runtime = {
    config: { server: 'http://portico.test', baseUrl: 'http://portico.test/', demo: false, settingsCacheSeconds: 0 },
    events: createEmitter(), token: createTokenStore(createEmitter(), null), themeOverrides: createStore({}),
    persona: createStore<DemoPersonaName>('teamOwner'), settings: null, markUsed: () => undefined,
  };
  const nav = returnTo ? navReducer(navReducer(initialNav(returnTo.state, returnTo.params), { type: 'requireSignIn' }), { type: 'goTo', state: 'forgotPassword' }) : initialNav('login');
  return {
    runtime, nav,
    settings: { ...FALLBACK_SETTINGS, PlanFamilies: [{}] as never, RegistrationUrls: { Registration: null, PostLogin: 'https://app.example/members?tab=home', PostForgotPassword: null }, ...settings },
    actions: {
      goTo: (state, params, options) => { moves.push({ state, params, errors: options?.errors }); },
      back: () => undefined, close: () => undefined, notify: (m) => { notices.push(m); },
      requireSignIn: () => undefined, resume: () => { resumed += 1; },
    },
  };
}

beforeEach(() => {
  server = { accounts: [account()], mustChange: false, discord: 404, calls: [] };
  moves = [];
  notices = [];
  assigned = [];
  resumed = 0;
  vi.spyOn(browser, 'assign').mockImplementation((url) => { assigned.push(url); });
  vi.spyOn(browser, 'href').mockReturnValue('https://site.example/page?ref=mail&resetToken=r1&confirmationToken=c1');
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    server.calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/v1/profile/accounts') return json({ metadata: { limit: 100, offset: 0, total: server.accounts.length }, items: server.accounts });
    if (url.pathname === '/api/v1/profile') return json({ PasswordMustChange: server.mustChange });
    if (url.pathname === '/api/v1/profile/discord') {
      return typeof server.discord === 'number' ? new Response('{"Status":500,"ErrorCode":"Errors.SystemError","Message":"x","FieldErrors":[]}', { status: server.discord, headers: { 'content-type': 'application/json' } }) : json(server.discord);
    }
    if (url.pathname === '/api/v1/reissue-token') return json({ access_token: jwt({ sub: 'p', account_uid: url.searchParams.get('accountUid') }), token_type: 'Bearer', expires_in: 900 });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });

describe('completeSignIn', () => {
  it('nothing to repair: redirects to the post-login URL with the token in the fragment, the page query kept and the link tokens dropped', async () => {
    const token = jwt({ sub: 'p', account_uid: 'acc-1' });
    await completeSignIn(context(), token);
    expect(assigned).toEqual([`https://app.example/members?tab=home&ref=mail#access_token=${token}`]);
    expect(server.calls).toEqual(['GET /api/v1/profile/accounts', 'GET /api/v1/profile?fields=PasswordMustChange', 'GET /api/v1/profile/discord']);
  });

  it('in the query when the company asks (SignIn.TokenInQuery)', async () => {
    const token = jwt({ sub: 'p', account_uid: 'acc-1' });
    await completeSignIn(context({ SignIn: { TokenInQuery: true, RememberLastEmail: false } }), token);
    expect(new URL(assigned[0]!).searchParams.get('access_token')).toBe(token);
  });

  it('no post-login URL: stays signed in on profile with the notice', async () => {
    const ctx = context({ RegistrationUrls: { Registration: null, PostLogin: null, PostForgotPassword: null } });
    await completeSignIn(ctx, jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect(assigned).toEqual([]);
    expect(moves.map((m) => m.state)).toEqual(['profile']);
    expect(notices).toEqual(['Post Login URL is not set, unable to redirect user']);
    expect(ctx.runtime.token.get()).not.toBeNull();
  });

  it('after the signed-in gate: back to the state the visitor asked for, not the post-login URL (nor profile without one)', async () => {
    const gated = { state: 'team' as const, params: { offset: 25 } };
    await completeSignIn(context({}, gated), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect({ assigned, moves, resumed }).toEqual({ assigned: [], moves: [], resumed: 1 });
    await completeSignIn(context({ RegistrationUrls: { Registration: null, PostLogin: null, PostForgotPassword: null } }, gated), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect({ notices, resumed }).toEqual({ notices: [], resumed: 2 });
  });

  it('after the gate, post-login routing still comes first (several accounts: chooseAccount), the way back at its end', async () => {
    server.accounts = [account(), account({ Uid: 'acc-2', Name: 'Beta' })];
    const ctx = context({}, { state: 'profile', params: {} });
    await completeSignIn(ctx, jwt({ sub: 'p', account_uid: null }));
    expect(moves.map((m) => m.state)).toEqual(['chooseAccount']);
    expect(resumed).toBe(0);
    redirectAfterLogin(ctx);
    expect({ assigned, resumed }).toEqual({ assigned: [], resumed: 1 });
  });

  it('PasswordMustChange goes to resetPassword before any redirect', async () => {
    server.mustChange = true;
    await completeSignIn(context(), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect(moves.map((m) => m.state)).toEqual(['resetPassword']);
    expect(assigned).toEqual([]);
  });

  it('several accounts and no claim: chooseAccount', async () => {
    server.accounts = [account(), account({ Uid: 'acc-2', Name: 'Beta' })];
    await completeSignIn(context(), jwt({ sub: 'p', account_uid: null }));
    expect(moves.map((m) => m.state)).toEqual(['chooseAccount']);
  });

  it('a member of a past-due account: the token is reissued for it, then accountActionRequired naming the owner', async () => {
    server.accounts = [account({ AccountStage: 'PastDue', IsPrimary: false })];
    const ctx = context();
    await completeSignIn(ctx, jwt({ sub: 'p', account_uid: null }));
    expect(server.calls).toContain('POST /api/v1/reissue-token?accountUid=acc-1');
    expect(readClaims(ctx.runtime.token.get())).toMatchObject({ accountUid: 'acc-1' });
    expect(moves).toEqual([{ state: 'accountActionRequired', params: { primaryContact: 'Ada Lovelace', reason: 'paymentInformation' }, errors: undefined }]);
  });

  it('the owner of a past-due account without a card: updatePaymentInformation with Errors.PaymentInformationRequired', async () => {
    server.accounts = [account({ AccountStage: 'PastDue' })];
    await completeSignIn(context(), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect(moves[0]).toMatchObject({ state: 'updatePaymentInformation', errors: [{ code: 'Errors.PaymentInformationRequired' }] });
  });

  it("the owner of a past-due account who came from a renewal mail's 'Authenticate your payment' link goes back to that invoice (issue 17)", async () => {
    server.accounts = [account({ AccountStage: 'PastDue' })];
    await completeSignIn(context({}, { state: 'invoicePayment', params: { invoiceUid: 'inv-1' } }), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect({ moves, resumed }).toEqual({ moves: [], resumed: 1 });
    // A member of that account still gets accountActionRequired, the link notwithstanding.
    server.accounts = [account({ AccountStage: 'PastDue', IsPrimary: false })];
    await completeSignIn(context({}, { state: 'invoicePayment', params: { invoiceUid: 'inv-1' } }), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect(moves.map((m) => m.state)).toEqual(['accountActionRequired']);
  });

  it('no account: back to login with the message, the token dropped', async () => {
    server.accounts = [];
    const ctx = context();
    await completeSignIn(ctx, jwt({ sub: 'p' }));
    expect(moves).toEqual([{ state: 'login', params: undefined, errors: [{ code: 'Errors.NoAccount', message: 'No account was found for this user.' }] }]);
    expect(ctx.runtime.token.get()).toBeNull();
  });

  it('a community-server connect prompt due: discordInterstitial first, no redirect; redirectAfterLogin then finishes as before', async () => {
    server.discord = { User: null, HasAccessToDiscord: true, ShouldPromptToConnect: true, InviteUrl: 'https://discord.gg/x' };
    const token = jwt({ sub: 'p', account_uid: 'acc-1' });
    const ctx = context();
    await completeSignIn(ctx, token);
    expect(moves.map((m) => m.state)).toEqual(['discordInterstitial']);
    expect(assigned).toEqual([]);
    redirectAfterLogin(ctx);
    expect(assigned).toEqual([`https://app.example/members?tab=home&ref=mail#access_token=${token}`]);
  });

  it('access without a due prompt, or a failed status read (500, 404, network): straight to the redirect', async () => {
    for (const discord of [{ User: null, HasAccessToDiscord: true, ShouldPromptToConnect: false, InviteUrl: null }, 500, 404, 0]) {
      server.discord = discord;
      assigned = [];
      moves = [];
      if (discord === 0) {
        const real = globalThis.fetch;
        vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
          if (new URL(String(input)).pathname === '/api/v1/profile/discord') throw new TypeError('Failed to fetch');
          return real(input, init);
        });
      }
      await completeSignIn(context(), jwt({ sub: 'p', account_uid: 'acc-1' }));
      expect(moves, String(discord)).toEqual([]);
      expect(assigned).toHaveLength(1);
    }
  });

  it('PasswordMustChange comes before the connect prompt', async () => {
    server.mustChange = true;
    server.discord = { User: null, HasAccessToDiscord: true, ShouldPromptToConnect: true, InviteUrl: null };
    await completeSignIn(context(), jwt({ sub: 'p', account_uid: 'acc-1' }));
    expect(moves.map((m) => m.state)).toEqual(['resetPassword']);
    expect(server.calls).not.toContain('GET /api/v1/profile/discord');
  });
});
