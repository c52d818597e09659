import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { preHandlerLimit, routeRateLimit } from '../http/rate-limits.ts';
import { PASSWORDS_RATE_LIMITS } from './passwords.rate-limits.ts';
import { signInOut } from '../auth/auth.schemas.ts';
import type { accessTokenGuard } from '../auth/access-token-guard.ts';
import { changePassword } from './change-password.ts';
import { forgotPassword, type ForgotPasswordDeps } from './forgot-password.ts';
import { resetOptions, resetPassword, type ResetPasswordDeps } from './reset-password.ts';
import { changePasswordBody, forgotPasswordBody, parentUrlQuery, resetOptionsOut, resetPasswordBody, resetTokenParams } from './password-reset.schemas.ts';

export type PasswordResetRouteDeps = ForgotPasswordDeps & ResetPasswordDeps & {
  guard: ReturnType<typeof accessTokenGuard>;
  /** forgotPasswordPerAddress and forgotPasswordPerEmail, made once (passwords.module.ts): the console's forgot password counts on them too. */
  forgotLimits: preHandlerHookHandler[];
};

const tags = ['auth'];

/** Forgot password, reset options, reset (spec 2 sections 2, 4 and 7), and PUT /profile/password. */
export async function passwordResetRoutes(app: FastifyInstance, deps: PasswordResetRouteDeps) {
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/api/v1/crm/people/forgotPassword', {
      preHandler: deps.forgotLimits,
      schema: {
        tags, summary: 'Mails a single-use reset link (60 minutes) to the address if it has an account; the same 204 either way',
        body: forgotPasswordBody, querystring: parentUrlQuery, response: { 204: z.null().describe('Accepted (whether or not the address has an account)') },
      },
    }, async (req, reply) => {
      await forgotPassword(deps, { email: req.body.Email, resetUrl: req.body.ResetUrl, parentUrl: req.query.parentUrl, ip: req.ip });
      return reply.status(204).send(null);
    });
    r.get('/api/v1/crm/people/resetPassword/:token/options', {
      config: routeRateLimit(PASSWORDS_RATE_LIMITS.resetPasswordPerAddress),
      schema: {
        tags, summary: 'Reset options of a live reset, invitation or set-password link: 2 offers Google (when configured), else 1; 409 Errors.EmailAlreadyConfirmed for a used set-password link; 404 Errors.InvalidToken when unknown, used or expired',
        params: resetTokenParams, response: { 200: resetOptionsOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return resetOptions(deps, req.params.token);
    });
    r.post('/api/v1/crm/people/resetPassword/:token', {
      config: routeRateLimit(PASSWORDS_RATE_LIMITS.resetPasswordPerAddress),
      schema: {
        tags, summary: 'Sets a new password (or links Google) with a reset, invitation or set-password link (`confirmationToken` of a sign-up mail), once; confirms the email, ends every session and answers a fresh access token',
        params: resetTokenParams, querystring: parentUrlQuery, body: resetPasswordBody, response: { 200: signInOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return resetPassword(deps, { token: req.params.token, NewPassword: req.body.NewPassword, GoogleIdToken: req.body.GoogleIdToken, ip: req.ip, userAgent: req.headers['user-agent'] });
    });
  });

  await app.register(async (scope) => {
    // Counted before the token check, so requests with stolen or made-up tokens count too.
    scope.addHook('onRequest', preHandlerLimit(scope, PASSWORDS_RATE_LIMITS.passwordChange));
    guardRoutes(scope, 'accessToken', deps.guard);
    scope.withTypeProvider<ZodTypeProvider>().put('/api/v1/profile/password', {
      schema: {
        tags, summary: 'Changes the signed-in person\'s password; their other sessions end, this one stays',
        body: changePasswordBody, response: { 204: z.null().describe('Password changed') },
      },
    }, async (req, reply) => {
      const caller = req.caller;
      if (caller.kind !== 'person' || !caller.sessionUid) throw new AppError(ErrorCode.Unauthorized);
      await changePassword(deps, { personUid: caller.personUid, sessionUid: caller.sessionUid, ip: req.ip }, req.body);
      return reply.status(204).send(null);
    });
  });
}
