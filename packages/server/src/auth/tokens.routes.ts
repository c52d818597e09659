import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { guardRoutes } from '../http/route-auth.ts';
import type { Caller } from '../http/caller.ts';
import { logout, reissueToken, signIn, type SignInDeps } from './sign-in.ts';
import { reissueQuery, sessionOut, tokenForm, tokenOut, tokenQuery } from './auth.schemas.ts';

interface Deps extends SignInDeps {
  guard: (req: Parameters<preHandlerHookHandler>[0], reply: Parameters<preHandlerHookHandler>[1]) => Promise<void>;
  limits: preHandlerHookHandler[];
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
      preHandler: deps.limits,
      schema: {
        tags, summary: 'Sign in: an access token and a new session (400 Errors.InvalidCredentials for any wrong email or password)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenForm, querystring: tokenQuery, response: { 200: tokenOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (req.body.GoogleIdToken !== undefined) {
        // Spec 2 section 8: the widget shows Errors.InvalidCredentialsGoogle for this answer.
        throw new AppError(ErrorCode.InvalidCredentialsGoogle, 'Sign-in with Google is not available on this server yet.', [], 400);
      }
      if (typeof req.body.password !== 'string') throw new AppError(ErrorCode.InvalidCredentials);
      const timezone = req.headers['x-timezone'];
      return signIn(deps, {
        username: req.body.username, password: req.body.password, accountUid: req.query.accountUid, subscriptionUid: req.query.subscriptionUid,
        ip: req.ip, timezone: typeof timezone === 'string' ? timezone.slice(0, 64) : undefined,
      });
    });
  });

  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', deps.guard);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/api/v1/tokens/reissue', {
      schema: { tags, summary: 'A new access token for the same live session, claims read again; accountUid switches the account', querystring: reissueQuery, response: { 200: tokenOut } },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const me = personOf(req.caller);
      return reissueToken(deps, { personUid: me.personUid, sessionUid: me.sessionUid, accountUid: me.accountUid }, req.query.accountUid);
    });
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
