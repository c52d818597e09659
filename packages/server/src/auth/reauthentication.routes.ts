import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError, fieldError } from '../http/app-error.ts';
import { preHandlerLimit } from '../http/rate-limits.ts';
import { AUTH_RATE_LIMITS } from './auth.rate-limits.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { reauthenticate, type Proof, type ReauthenticationDeps } from './reauthentication.ts';
import { reauthenticateBody } from './reauthentication.schemas.ts';

const ONE_PROOF = 'Send the current Password or a GoogleIdToken.';

/** POST /auth/reauthenticate behind the access token: 'Confirm it's you' before a sensitive change (docs/auth.md "Re-authentication"). */
export async function reauthenticationRoutes(app: FastifyInstance, deps: ReauthenticationDeps & { guard: Guard }) {
  // The address is counted before the token check (made-up tokens count too), the person after it.
  app.addHook('onRequest', preHandlerLimit(app, AUTH_RATE_LIMITS.reauthenticatePerAddress));
  guardRoutes(app, 'accessToken', deps.guard);
  app.addHook('onRequest', preHandlerLimit(app, AUTH_RATE_LIMITS.reauthenticatePerPerson));
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/auth/reauthenticate', {
    schema: {
      tags: ['auth'],
      summary: 'Confirm it is you: the current password (or a fresh Google ID token for a Google-linked login) makes this session count as recently signed in for 10 minutes, so sensitive changes are allowed (400 on Password or GoogleIdToken when wrong)',
      body: reauthenticateBody, response: { 204: z.null().describe('Confirmed') },
    },
  }, async (req, reply) => {
    const { Password, GoogleIdToken } = req.body;
    let proof: Proof;
    if (Password !== undefined && GoogleIdToken === undefined) {
      if (Password === '') throw new AppError(ErrorCode.Required, undefined, [fieldError('Password', ErrorCode.Required)], 400);
      proof = { password: Password };
    } else if (GoogleIdToken !== undefined && Password === undefined) {
      proof = { googleIdToken: GoogleIdToken };
    } else {
      throw new AppError(ErrorCode.ValidationFailed, ONE_PROOF, [fieldError('Password', Password === undefined ? ErrorCode.Required : ErrorCode.InvalidValue, ONE_PROOF)], 400);
    }
    await reauthenticate(deps, req.caller, proof);
    return reply.status(204).send(null);
  });
}
