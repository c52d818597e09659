import { postLoginRoute, type PostLoginRoute } from '@portico/core/signin/post-login-routing';
import type { WidgetContextValue } from '../app/context.ts';
import { apiClientFor } from '../api/runtime-client.ts';
import { readClaims } from '../auth/claims.ts';
import { communityPromptDue, fetchAccounts, passwordMustChange, reissueToken } from './signin-calls.ts';
import { POST_LOGIN_URL_MISSING, postLoginRedirectUrl } from './post-login-url.ts';

/**
 * The one way a screen finishes a sign-in, whatever issued the token (login form, Google,
 * password reset, invitation): store the token, then run the post-login routing and
 * "finishing login" of spec 2 section 4. Screens call this and nothing else after a token arrives.
 * The same steps run in demo mode: the demo transport answers every call (demo/demo-transport.ts).
 * `nav` tells where the signed-in gate stopped the person (nav.returnTo): the end goes back there.
 */
export type SignInContext = Pick<WidgetContextValue, 'runtime' | 'settings' | 'actions' | 'nav'>;

/** Where the browser goes at the end; a test or the demo page may replace it. */
export const browser = {
  assign(url: string): void { window.location.assign(url); },
  href(): string { return window.location.href; },
};

/** The account hint a host page gives with `Portico.open('login', { params: { clientIdentifier | accountUid } })`. */
export interface AccountHint { clientIdentifier?: string | undefined; accountUid?: string | undefined }

/** The account the current token is for (its `account_uid` claim). */
const tokenAccount = (ctx: SignInContext): string | null => readClaims(ctx.runtime.token.get())?.accountUid ?? null;

/** The page's query values go on to the post-login URL (the one-time link tokens are dropped there). */
function pageQuery(): Record<string, string> {
  try {
    return Object.fromEntries(new URL(browser.href()).searchParams);
  } catch {
    return {};
  }
}

/**
 * Finishing login (spec 2 section 4): PasswordMustChange first; then the community-server
 * status, whose connect prompt (discordInterstitial) comes before the redirect (a failed read
 * counts as no prompt); then the redirect (redirectAfterLogin).
 */
export async function finishLogin(ctx: SignInContext): Promise<void> {
  const token = ctx.runtime.token.get();
  if (!token) return;
  const api = apiClientFor(ctx.runtime);
  if (await passwordMustChange(api)) {
    ctx.actions.goTo('resetPassword');
    return;
  }
  if (await communityPromptDue(api)) {
    ctx.actions.goTo('discordInterstitial');
    return;
  }
  redirectAfterLogin(ctx);
}

/**
 * The end of a login (also the interstitial's 'Not now'): back to the state the signed-in gate
 * stopped the person at, with its params (nav.returnTo, app/screen-outlet.tsx); else the post-login
 * URL with the token in the fragment (or the query when the company asks); with no URL set the
 * person stays signed in on profile and the widget says why it did not redirect.
 */
export function redirectAfterLogin(ctx: SignInContext): void {
  const token = ctx.runtime.token.get();
  if (!token) return;
  if (ctx.nav.returnTo) {
    ctx.actions.resume();
    return;
  }
  const target = ctx.settings.RegistrationUrls.PostLogin ?? ctx.settings.PaymentSettings.CallbackUrl;
  const url = postLoginRedirectUrl(target, token, { tokenInQuery: ctx.settings.SignIn?.TokenInQuery === true, extraQuery: pageQuery(), base: browser.href() });
  if (!url) {
    ctx.actions.goTo('profile');
    ctx.actions.notify(POST_LOGIN_URL_MISSING);
    return;
  }
  browser.assign(url);
}

/** Moves the widget where the routing says; the token is switched to the picked account first. */
export async function followRoute(ctx: SignInContext, route: PostLoginRoute): Promise<void> {
  if (route.state === 'login') {
    ctx.runtime.token.set(null);
    ctx.actions.goTo('login', undefined, { errors: [{ code: 'Errors.NoAccount', message: route.message }] });
    return;
  }
  if (route.state === 'chooseAccount') {
    ctx.actions.goTo('chooseAccount');
    return;
  }
  if (tokenAccount(ctx) !== route.account.Uid) ctx.runtime.token.set(await reissueToken(apiClientFor(ctx.runtime), route.account.Uid));
  // The owner came from a renewal mail's 'Authenticate your payment' link (issue 17): that invoice's step is what settles the
  // past-due account, so the gate's way back wins over the past-due repair (no card left: that screen leads to updatePaymentInformation).
  if ((route.state === 'updatePaymentInformation' || route.state === 'accountPastDue') && ctx.nav.returnTo?.state === 'invoicePayment') {
    ctx.actions.resume();
    return;
  }
  switch (route.state) {
    case 'finish':
      return finishLogin(ctx);
    case 'selectPlan':
      ctx.actions.goTo('selectPlan', { ...(route.nextState ? { nextState: route.nextState } : {}), ...(route.upgrade ? { upgradeMode: true } : {}) },
        { errors: [{ code: route.errorCode, message: route.message }] });
      return;
    case 'checkout':
      ctx.actions.goTo('checkout', {}, { errors: [{ code: route.errorCode, message: route.message, values: { newRequiredQuantity: route.newRequiredQuantity } }] });
      return;
    case 'updatePaymentInformation':
      ctx.actions.goTo('updatePaymentInformation', {}, { errors: [{ code: route.errorCode, message: route.message }] });
      return;
    case 'accountPastDue':
      ctx.actions.goTo('accountPastDue');
      return;
    case 'accountActionRequired':
      ctx.actions.goTo('accountActionRequired', {
        ...(route.primaryContact ? { primaryContact: route.primaryContact } : {}), reason: route.reason, ...(route.portal ? { portal: true } : {}),
      });
  }
}

/** Runs post-login routing for the signed-in person (also after chooseAccount picked an account). */
export async function routeSignedIn(ctx: SignInContext, hint: AccountHint = {}): Promise<void> {
  const now = new Date();
  const accounts = await fetchAccounts(apiClientFor(ctx.runtime));
  const route = postLoginRoute({
    accounts,
    wanted: { tokenAccountUid: tokenAccount(ctx), ...hint },
    // The subscription flow where the company sells plans; without any, only the account's stage counts.
    flow: ctx.settings.PlanFamilies.length > 0 ? 'subscription' : 'accounts',
    billingSystem: ctx.settings.BillingSystem,
    now,
  });
  await followRoute(ctx, route);
}

export async function completeSignIn(ctx: SignInContext, accessToken: string, hint: AccountHint = {}): Promise<void> {
  ctx.runtime.token.set(accessToken);
  await routeSignedIn(ctx, hint);
}
