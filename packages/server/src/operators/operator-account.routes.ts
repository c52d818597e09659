import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeRateLimit, type EventLimiter, type FlaggingLimit } from '../http/rate-limits.ts';
import { PASSWORDS_RATE_LIMITS } from '../passwords/passwords.rate-limits.ts';
import { consoleSignInInput, consoleSignInOut, forgotPasswordInput, linkFactsInput, linkFactsOut, setPasswordInput } from './operator-account.schemas.ts';
import { operatorForgotPassword } from './operator-forgot-password.ts';
import type { OperatorInvitationDeps } from './operator-invitation.ts';
import { operatorLinkFacts, setOperatorPassword, type OperatorSetPasswordDeps } from './operator-set-password.ts';
import { operatorSignIn } from './operator-sign-in.ts';

export interface OperatorAccountRoutesDeps extends Omit<OperatorSetPasswordDeps, 'wakeOutbox'>, OperatorInvitationDeps {
  /** The members' sign-in limiters (app.auth.signInLimits): one set of counters for both sign-ins. */
  signInLimits: { perAddress: preHandlerHookHandler; perEmail: FlaggingLimit; perDevice: FlaggingLimit; codeMails: EventLimiter };
  /** The members' forgot-password limiters (app.passwords.forgotLimits): per address and per email. */
  forgotLimits: preHandlerHookHandler[];
}

const tags = ['console'];

/**
 * An operator's account (issue 20): the console's sign-in with the members' lockout rules, forgot
 * password and the set-password page's two calls (an invitation's or a reset's link), all public and
 * limited by the members' own rows and counters. (The admin's 'send the invitation again' is in operators-admin.routes.ts.)
 */
export async function operatorAccountRoutes(app: FastifyInstance, deps: OperatorAccountRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { signInLimits: limits } = deps;
  r.post('/api/v1/console/tokens', {
    preHandler: [limits.perAddress, limits.perEmail.preHandler, limits.perDevice.preHandler],
    schema: {
      tags, summary: 'Operator sign-in: a console token (audience portico-console) over a new session and this browser\'s console device token. 400 Errors.InvalidCredentials for any wrong email or password, a disabled operator or one with no password yet; while the email\'s sign-in limit is tripped, 403 Errors.SignInCodeRequired from an unknown browser, right password or not (the right one mails a code), then password + code, 400 Errors.InvalidSignInCode',
      body: consoleSignInInput, response: { 200: consoleSignInOut },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return operatorSignIn(deps, {
      email: req.body.username, password: req.body.password, ip: req.ip, userAgent: req.headers['user-agent'],
      deviceToken: req.body.device_token || undefined, code: req.body.code, freshCode: req.body.resend_code === true,
      lockout: { tripped: limits.perEmail.isOver(req), deviceOverLimit: limits.perDevice.isOver(req), codeMails: (uid) => limits.codeMails.allow(req, uid) },
    });
  });
  r.post('/api/v1/console/forgot-password', {
    preHandler: deps.forgotLimits,
    schema: {
      tags, summary: 'Mails a single-use reset link (60 minutes) to the console\'s set-password page if the address is an enabled operator\'s; the same 204 either way',
      body: forgotPasswordInput, response: { 204: z.null().describe('Accepted (whether or not the address is an operator\'s)') },
    },
  }, async (req, reply) => {
    await operatorForgotPassword(deps, { email: req.body.Email, ip: req.ip });
    return reply.status(204).send(null);
  });
  r.post('/api/v1/console/set-password/check', {
    config: routeRateLimit(PASSWORDS_RATE_LIMITS.resetPasswordPerAddress),
    schema: {
      tags, summary: 'What the set-password page shows for a live invitation or reset link (the link is not used); 404 Errors.InvalidToken when unknown, used, expired or the operator is disabled',
      body: linkFactsInput, response: { 200: linkFactsOut },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return operatorLinkFacts(deps, req.body.Token);
  });
  r.post('/api/v1/console/set-password', {
    config: routeRateLimit(PASSWORDS_RATE_LIMITS.resetPasswordPerAddress),
    schema: {
      tags, summary: 'Sets the operator\'s password with an invitation\'s or a reset\'s link, once (the company\'s password policy; errors on NewPassword); ends every session of the operator and answers a console token for a new one',
      body: setPasswordInput, response: { 200: consoleSignInOut },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return setOperatorPassword(deps, { token: req.body.Token, password: req.body.NewPassword, ip: req.ip, userAgent: req.headers['user-agent'] });
  });
}
