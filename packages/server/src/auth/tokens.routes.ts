import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { guardRoutes } from '../http/route-auth.ts';
import type { Caller } from '../http/caller.ts';
import { logout, reissueToken, signIn, signInWithGoogle, type SignInDeps } from './sign-in.ts';
import type { VerifyGoogleIdToken } from '../google/verify-google-id-token.ts';
import { reissueQuery, sessionOut, signInOut, tokenForm, tokenOut, tokenQuery } from './auth.schemas.ts';
import type { EventLimiter, FlaggingLimit } from '../http/rate-limits.ts';

interface Deps extends SignInDeps {
  guard: (req: Parameters<preHandlerHookHandler>[0], reply: Parameters<preHandlerHookHandler>[1]) => Promise<void>;
  /** Limits that refuse (per address). */
  limits: preHandlerHookHandler[];
  /** The flagging limits of a tripped account (per email, per device token) and the code mails' budget. */
  lockout: { perEmail: FlaggingLimit; perDevice: FlaggingLimit; codeMails: EventLimiter };
  verifyGoogleIdToken: VerifyGoogleIdToken;
}

const tags = ['auth'];
const personOf = (caller: Caller) => {
  if (caller.kind !== 'person' || !caller.sessionUid) throw new AppError(ErrorCode.Unauthorized);
  return { ...caller, sessionUid: caller.sessionUid };
};

/** POST /tokens (sign in), and behind the access token: reissue, logout, the current session. */
export async function tokensRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(async (form) => {
    // The spec's login posts a form; JSON is accepted too. Small bodies only: a username and a password.
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    form.withTypeProvider<ZodTypeProvider>().post('/api/v1/tokens', {
      preHandler: [...deps.limits, deps.lockout.perEmail.preHandler, deps.lockout.perDevice.preHandler],
      schema: {
        tags, summary: 'Sign in with a password or a Google ID token: an access token, a new session and the browser\'s device token (400 Errors.InvalidCredentials for any wrong email or password, Errors.InvalidCredentialsGoogle for a refused Google sign-in; while strangers\' guesses have tripped the account, 403 Errors.SignInCodeRequired from an unknown browser, right password or not, then password + code, 400 Errors.InvalidSignInCode; 403 Errors.EmailNotConfirmed before the sign-up is confirmed)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenForm, querystring: tokenQuery, response: { 200: signInOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const timezone = req.headers['x-timezone'];
      const common = {
        username: req.body.username, accountUid: req.query.accountUid, subscriptionUid: req.query.subscriptionUid,
        ip: req.ip, userAgent: req.headers['user-agent'], timezone: typeof timezone === 'string' ? timezone.slice(0, 64) : undefined,
        deviceToken: req.body.device_token || undefined,
      };
      // Spec 2 section 4: Google sign-in posts the token's email with a null password.
      if (req.body.GoogleIdToken !== undefined) return signInWithGoogle(deps, { ...common, idToken: req.body.GoogleIdToken });
      if (typeof req.body.password !== 'string') throw new AppError(ErrorCode.InvalidCredentials);
      const lockout = {
        tripped: deps.lockout.perEmail.isOver(req), deviceOverLimit: deps.lockout.perDevice.isOver(req),
        codeMails: (personUid: string | null) => deps.lockout.codeMails.allow(req, personUid),
      };
      return signIn(deps, {
        ...common, password: req.body.password, code: req.body.code, freshCode: req.body.resend_code === true || req.body.resend_code === 'true', lockout,
      });
    });
  });

  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', deps.guard);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    // The spec's name is /reissue-token; both paths are the same route (one handler, one schema).
    for (const url of ['/api/v1/tokens/reissue', '/api/v1/reissue-token']) {
      r.post(url, {
        schema: { tags, summary: 'A new access token for the same live session, claims read again; accountUid switches the account (403 if not the person\'s)', querystring: reissueQuery, response: { 200: tokenOut } },
      }, async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const me = personOf(req.caller);
        return reissueToken(deps, { personUid: me.personUid, sessionUid: me.sessionUid, accountUid: me.accountUid, ip: req.ip }, req.query.accountUid);
      });
    }
    r.post('/api/v1/tokens/logout', {
      schema: { tags, summary: 'Ends the session: every access token of it is refused from now on', response: { 204: z.null().describe('Signed out') } },
    }, async (req, reply) => {
      const me = personOf(req.caller);
      await logout(deps, { personUid: me.personUid, sessionUid: me.sessionUid, ip: req.ip });
      return reply.status(204).send(null);
    });
    r.get('/api/v1/auth/session', {
      schema: { tags, summary: 'Who the access token signs in: person, account and session', response: { 200: sessionOut } },
    }, async (req) => {
      const me = personOf(req.caller);
      return { PersonUid: me.personUid, AccountUid: me.accountUid, IsPrimary: me.isPrimary ?? false, SessionUid: me.sessionUid };
    });
  });
}
