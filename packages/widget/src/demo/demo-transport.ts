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
import { demoTokenFor } from './demo-session.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import type { DemoPersonaName } from '../shared/personas.ts';

/** What a demo handler receives: the call's parameters and its typed body. */
interface DemoRequest<O> {
  pathParams: Readonly<Record<string, string | number>>;
  query: Readonly<Record<string, unknown>>;
  body: RequestBody<O>;
  now: Date;
  /** The demo persona the page has picked (Portico.setDemoPersona). */
  persona: DemoPersonaName;
  /** The files of a multipart call. */
  files: Readonly<Record<string, Blob>>;
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

/** A sign-in's answer: the persona's own token (demo-session.ts); the device token is empty, so demo mode stores none. */
function signedInAs(persona: DemoPersonaName) {
  return { access_token: demoTokenFor(persona) ?? '', token_type: 'Bearer' as const, expires_in: 900, device_token: '' };
}

/** Who a sign-in without a typed email (a reset link) signs in: the persona picked, or the free member for a visitor. */
async function signedInPersona(email: string, current: DemoPersonaName): Promise<DemoPersonaName> {
  return (await import('./demo-signin.ts')).demoPersonaFor(email, current);
}

type DemoTeam = typeof import('./demo-team.ts');

/** The team a persona may see (its own account's), and change only as its primary contact (the server's requireMember / requirePrimary). */
async function demoTeamOf(persona: DemoPersonaName, access: 'read' | 'write' = 'read'): Promise<DemoTeam> {
  const { account } = DEMO_PERSONA_DATA[persona];
  if (!account) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  if (access === 'write' && !account.IsPrimary) throw new DemoRefusal(403, ErrorCode.Forbidden);
  return import('./demo-team.ts');
}

const ROUTES: Route[] = [
  route('get', '/api/v1/widgets/auth/init', () => DEMO_SETTINGS),
  // Support (issue 18): the help form's settings and a case, answered here; nothing is sent.
  route('get', '/api/v1/support/settings', async () => (await import('./demo-support.ts')).demoSupportSettings()),
  route('post', '/api/v1/public/support/cases', async (req) => (await import('./demo-support.ts')).demoCreateCase(req.files, req.now)),
  // Live chat (issue 19): a visitor's attachment goes to the scripted operator's conversation (nothing is sent).
  route('post', '/api/v1/chats/{caseUid}/documents', async (req) => (await import('./demo-chat-upload.ts')).demoChatUpload(req.files.file)),
  route('get', '/api/v1/public/billing/discountcoupons/exists', () => ({ Result: DEMO_COUPONS.some((c) => c.IsActive) })),
  route('get', '/api/v1/public/billing/discountcoupons/{code}', async (req) =>
    (await import('./demo-billing.ts')).lookUpCoupon(String(req.pathParams.code), typeof req.query.planUid === 'string' ? req.query.planUid : null, req.now)),
  route('post', '/api/v1/billing/subscriptions/compute-charge-summary', async (req) =>
    (await import('./demo-billing.ts')).computeChargeSummary(req.body, req.query.asOf === 'renewal' ? 'renewal' : 'now', req.now)),
  // Team: each persona sees only their own account's (demo-team.ts: the team owner's Bright Labs, the others'
  // one-person accounts); signed out, 401 as a server; a member who is not the primary contact reads but may not change it (403).
  route('get', '/api/v1/profile/account/people', async (req) => (await demoTeamOf(req.persona)).demoTeamPage(req.persona, req.query)),
  route('post', '/api/v1/profile/account/people', async (req) => (await demoTeamOf(req.persona, 'write')).demoInvite(req.persona, req.body, req.now)),
  route('put', '/api/v1/profile/account/people/{Uid}', async (req) => {
    const team = await demoTeamOf(req.persona, 'write');
    // Handing the account over is sensitive: ten minutes after the page loaded it asks 'Confirm it's you' (demo-reauth.ts).
    if (req.body.IsPrimary) (await import('./demo-reauth.ts')).demoRequireRecent(req.now);
    return team.demoChange(req.persona, String(req.pathParams.Uid), req.body);
  }),
  route('delete', '/api/v1/profile/account/people/{Uid}', async (req) => (await demoTeamOf(req.persona, 'write')).demoRemove(req.persona, String(req.pathParams.Uid))),
  route('post', '/api/v1/profile/account/people/{Uid}/invitation', async (req) => (await demoTeamOf(req.persona, 'write')).demoResend(req.persona, String(req.pathParams.Uid), req.now)),
  route('delete', '/api/v1/profile/account/people/{Uid}/invitation', async (req) => (await demoTeamOf(req.persona, 'write')).demoRevoke(req.persona, String(req.pathParams.Uid))),
  // Native billing (issue 16): invoices, next payment, the card; nothing removed or downloaded (demo-native-billing.ts).
  route('get', '/api/v1/profile/account/invoices', async (req) => (await import('./demo-native-billing.ts')).demoInvoices(req.persona, req.query, req.now)),
  // 'Authenticate your payment' for one invoice (issue 17): demo-invoice-payment.ts.
  route('get', '/api/v1/profile/account/invoices/{Uid}/payment', async (req) => (await import('./demo-invoice-payment.ts')).demoInvoicePayment(req.persona, String(req.pathParams.Uid))),
  route('post', '/api/v1/profile/account/invoices/{Uid}/payment', async (req) => (await import('./demo-invoice-payment.ts')).demoPayInvoice(req.persona, String(req.pathParams.Uid))),
  route('get', '/api/v1/profile/account/next-payment', async (req) => (await import('./demo-native-billing.ts')).demoNextPayment(req.persona, req.now)),
  route('get', '/api/v1/billing/paymentinformation', async (req) => (await import('./demo-native-billing.ts')).demoPaymentInformation(req.persona, req.now)),
  route('delete', '/api/v1/billing/paymentInformation/{id}', async (req) => (await import('./demo-native-billing.ts')).demoRemoveCard(req.persona)),
  route('post', '/api/v1/profile/account/invoices/{Uid}/download', async (req) => (await import('./demo-native-billing.ts')).demoInvoiceDownload(req.persona)),
  route('get', '/api/v1/billing/subscriptions', () => ({ metadata: { limit: 1, offset: 0, total: 0 }, items: [] })),
  // Profile and account (per persona, kept in memory): demo-profile.ts.
  route('get', '/api/v1/profile', async (req) => (await import('./demo-profile.ts')).demoProfile(req.persona)),
  route('put', '/api/v1/profile', async (req) => (await import('./demo-profile.ts')).demoSaveProfile(req.persona, req.body)),
  route('put', '/api/v1/profile/photo', async (req) => (await import('./demo-profile.ts')).demoSetPhoto(req.persona, req.files.profileImage ?? null)),
  route('delete', '/api/v1/profile/photo', async (req) => (await import('./demo-profile.ts')).demoSetPhoto(req.persona, null)),
  route('get', '/api/v1/profile/accounts', async (req) => (await import('./demo-profile.ts')).demoAccounts(req.persona, req.now)),
  route('get', '/api/v1/profile/account', async (req) => (await import('./demo-profile.ts')).demoAccount(req.persona, req.now)),
  route('put', '/api/v1/profile/account', async (req) => (await import('./demo-profile.ts')).demoSaveAccount(req.persona, req.body, req.now)),
  // The plan screens (issue 16, per persona, kept in memory): demo-plan.ts. Cancelling is sensitive: after ten minutes, 'Confirm it's you'.
  route('get', '/api/v1/profile/account/cancellations', async (req) => (await import('./demo-plan.ts')).demoCancellationState(req.persona, req.now)),
  route('post', '/api/v1/profile/account/cancellations', async (req) => {
    (await import('./demo-reauth.ts')).demoRequireRecent(req.now);
    return (await import('./demo-plan.ts')).demoCancel(req.persona, req.body, req.now);
  }),
  route('delete', '/api/v1/profile/account/cancellations', async (req) => (await import('./demo-plan.ts')).demoRestore(req.persona, req.now)),
  route('post', '/api/v1/profile/account/cancellations/retention-offer', () => { throw new DemoRefusal(409, ErrorCode.RetentionOfferUnavailable); }),
  route('delete', '/api/v1/billing/subscriptions/{id}', async (req) => (await import('./demo-plan.ts')).demoCancelScheduledChange(req.persona, String(req.pathParams.id), req.now)),
  // The person's sessions (per persona, kept in memory): demo-sessions.ts.
  route('get', '/api/v1/profile/sessions', async (req) => (await import('./demo-sessions.ts')).demoSessions(req.persona, req.now)),
  route('delete', '/api/v1/profile/sessions/{Uid}', async (req) => (await import('./demo-sessions.ts')).demoEndSession(req.persona, String(req.pathParams.Uid), req.now)),
  route('delete', '/api/v1/profile/sessions', async (req) => (await import('./demo-sessions.ts')).demoEndOtherSessions(req.persona, req.now)),
  // Re-authentication and the email change (issue 12): demo-reauth.ts, demo-email-change.ts.
  route('post', '/api/v1/auth/reauthenticate', async (req) => (await import('./demo-reauth.ts')).demoReauthenticate(req.body, req.now)),
  route('post', '/api/v1/profile/email', async (req) => (await import('./demo-email-change.ts')).demoRequestEmailChange(req.persona, req.body)),
  route('post', '/api/v1/profile/email/confirm', async (req) => (await import('./demo-email-change.ts')).demoConfirmEmailChange(req.persona)),
  route('post', '/api/v1/profile/email/undo', async (req) => (await import('./demo-email-change.ts')).demoUndoEmailChange(req.persona)),
  // Community server (demo-discord.ts): connect and disconnect in memory; never a prompt, so finishing login never stops at discordInterstitial.
  route('get', '/api/v1/profile/discord', async (req) => (await import('./demo-discord.ts')).demoDiscordStatus(req.persona)),
  route('get', '/api/v1/profile/authorizeDiscord', async (req) => (await import('./demo-discord.ts')).demoAuthorizeDiscord(req.persona, String(req.query.returnUrl ?? ''))),
  route('delete', '/api/v1/profile/discord', async (req) => (await import('./demo-discord.ts')).demoDisconnectDiscord(req.persona)),
  // Sign-in: any password, as the persona whose email was typed (demo-signin.ts); another email is refused as a server
  // refuses an unknown one (Errors.InvalidCredentials; the demo page lists the demo emails). The token names that persona,
  // and storing it picks the persona on the page (demo-session.ts). `locked@…` shows the mailed-code step,
  // `unconfirmed@…` the unconfirmed email (demoSignInRefusal).
  route('post', '/api/v1/tokens', async (req) => {
    const signin = await import('./demo-signin.ts');
    const refusal = signin.demoSignInRefusal(req.body.username, req.body.code);
    if (refusal === ErrorCode.InvalidSignInCode) {
      throw new DemoRefusal(400, refusal, [{ Field: 'code', ErrorCode: refusal, Message: defaultMessages[refusal] }]);
    }
    if (refusal) throw new DemoRefusal(403, refusal);
    const isDemoStep = /^(locked|unconfirmed)@/i.test(req.body.username.trim());
    const persona = isDemoStep ? signin.demoPersonaFor('', req.persona) : signin.demoPersonaByEmail(req.body.username);
    if (!persona) throw new DemoRefusal(400, ErrorCode.InvalidCredentials);
    return signedInAs(persona);
  }),
  route('post', '/api/v1/crm/registrations/confirmation-mail', () => undefined),
  route('post', '/api/v1/reissue-token', async (req) => {
    const { access_token, token_type, expires_in } = signedInAs(await signedInPersona('', req.persona));
    return { access_token, token_type, expires_in };
  }),
  route('post', '/api/v1/tokens/logout', () => undefined),
  // Sign-up and payments (spec 1: the flow runs, nothing is sent or charged): demo-signup.ts, demo-sandbox.ts.
  route('get', '/api/v1/crm/registrations/email-exists', async (req) => (await import('./demo-signup.ts')).demoEmailExists(String(req.query.email ?? ''))),
  route('post', '/api/v1/crm/registrations/validate', () => ({ Result: true })),
  route('post', '/api/v1/nonce', async () => (await import('./demo-signup.ts')).demoNonce()),
  route('post', '/api/v1/crm/registrations', async (req) => (await import('./demo-signup.ts')).demoRegister(req.body, req.now)),
  route('post', '/api/v1/billing/paymentinformation/intent', async (req) => (await import('./demo-signup.ts')).demoIntent(req.query, req.body, req.now)),
  route('post', '/api/v1/billing/paymentinformation/stripe/cancel-intent', () => ({ Canceled: true, Status: 'canceled' })),
  route('post', '/api/v1/billing/paymentinformation/stripe/sf', (req) => ({ LatestFailureDateTime: req.now.toISOString() })),
  route('post', '/api/v1/billing/paymentinformation', async (req) => (await import('./demo-signup.ts')).demoSaveCard(req.body, req.now)),
  // Payment-provider billing (billing screen, billing.system Stripe): the persona's invoices and subscription at the provider.
  route('get', '/api/v1/profile/account/stripe/invoices', async (req) => (await import('./demo-provider-billing.ts')).demoProviderInvoices(req.persona, req.query, req.now)),
  route('get', '/api/v1/profile/account/stripe/subscriptions', async (req) => (await import('./demo-provider-billing.ts')).demoProviderSubscriptions(req.persona, req.now)),
  // The provider's billing portal (accountActionRequired): back to the page itself, so no server or provider is asked.
  // Plan change (issue 16): demo-plan-change.ts.
  route('get', '/api/v1/billing/subscriptions', async (req) => (await import('./demo-plan-change.ts')).demoCurrentSubscriptions(req.persona, req.now)),
  route('put', '/api/v1/billing/subscriptions/{id}/changesubscriptionpreview', async (req) =>
    (await import('./demo-plan-change.ts')).demoPreviewChange(req.persona, req.body, req.query.asOf === 'renewal' ? 'renewal' : 'now', req.now)),
  route('put', '/api/v1/billing/subscriptions/{id}/changesubscription', async (req) => (await import('./demo-plan-change.ts')).demoChange(req.persona, req.body, req.now)),
  route('get', '/api/v1/billing/paymentinformation', async (req) => (await import('./demo-plan-change.ts')).demoSavedCard(req.persona, req.now)),
  route('post', '/api/v1/billing/stripe/portal/sessions', (req) => ({ Url: String(req.query.returnUrl) })),
  // Passwords: any reset link works once the new password passes the demo policy; nothing is stored.
  route('post', '/api/v1/crm/people/forgotPassword', () => undefined),
  route('get', '/api/v1/crm/people/resetPassword/{token}/options', () => ({ Options: 1 })),
  route('post', '/api/v1/crm/people/resetPassword/{token}', async (req) => {
    if (req.body.NewPassword !== undefined) (await import('./demo-passwords.ts')).demoCheckNewPassword(req.body.NewPassword);
    return signedInAs(await signedInPersona('', req.persona));
  }),
  route('post', '/api/v1/auth/validate-password', async (req) => (await import('./demo-passwords.ts')).demoValidatePassword(req.body.Password)),
  // Email lists (issue 18): demo-email-lists.ts, any person token.
  route('get', '/api/v1/public/email-lists', async () => (await import('./demo-email-lists.ts')).demoLists()),
  route('get', '/api/v1/public/email-lists/{listUid}', async (req) => (await import('./demo-email-lists.ts')).demoList(String(req.pathParams.listUid))),
  route('get', '/api/v1/public/email-lists/subscriptions/mine', async () => (await import('./demo-email-lists.ts')).demoMine()),
  route('put', '/api/v1/public/email-lists/subscriptions', async (req) => (await import('./demo-email-lists.ts')).demoSave(req.body)),
  route('post', '/api/v1/public/email-lists/unsubscribe', async (req) => (await import('./demo-email-lists.ts')).demoUnsubscribe(req.body)),
  route('post', '/api/v1/public/email-lists/confirm', async () => (await import('./demo-email-lists.ts')).demoConfirm()),
  route('post', '/api/v1/public/email-lists/link', () => undefined),
  route('post', '/api/v1/profile/email-lists/link', async () => (await import('./demo-email-lists.ts')).demoProfileLink()),
  route('put', '/api/v1/profile/password', async (req) => {
    if (req.body.NewPassword !== req.body.ConfirmPassword) {
      throw new DemoRefusal(400, ErrorCode.PasswordsDoNotMatch, [{ Field: 'ConfirmPassword', ErrorCode: ErrorCode.PasswordsDoNotMatch, Message: defaultMessages[ErrorCode.PasswordsDoNotMatch] }]);
    }
    (await import('./demo-passwords.ts')).demoCheckNewPassword(req.body.NewPassword);
    return undefined;
  }),
  // Lead forms (issue 18): the demo company's forms; a submission is checked and answered, nothing is stored.
  route('get', '/api/v1/public/lead-forms/{uid}', async (req) => (await import('./demo-lead-forms.ts')).demoLeadForm(String(req.pathParams.uid))),
  route('post', '/api/v1/public/lead-forms/{uid}/submissions', async (req) => (await import('./demo-lead-forms.ts')).demoLeadSubmission(String(req.pathParams.uid), req.body)),
];

export function demoTransport(clock: () => Date = () => new Date(), persona: () => DemoPersonaName = () => 'teamOwner'): Transport {
  return async (call: ApiCall): Promise<ApiAnswer> => {
    const found = ROUTES.find((r) => r.method === call.method && r.path === call.path);
    const answer = (status: number, body: unknown): ApiAnswer => ({ status, body, header: () => null });
    if (!found) return answer(404, errorBody(new DemoRefusal(404, ErrorCode.NotFound)));
    try {
      const body = await found.handle({
        pathParams: call.pathParams, query: call.query, body: call.body as never, now: clock(), persona: persona(), files: call.multipart?.files ?? {},
      });
      return answer(200, structuredClone(body));
    } catch (err) {
      if (err instanceof DemoRefusal) return answer(err.status, errorBody(err));
      // A bug in a demo handler shows as the server's would: a 500.
      console.error('Portico demo transport', err);
      return answer(500, errorBody(new DemoRefusal(500, ErrorCode.SystemError)));
    }
  };
}
