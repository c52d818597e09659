import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, type PasswordPolicy } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { PASSWORDS_RATE_LIMITS } from './passwords.rate-limits.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { validatePassword } from './validate-password.ts';
import { liveResetToken } from './reset-password.ts';
import type { ServerClock } from '../clock/server-clock.ts';

const body = z.object({
  Password: z.string().max(1024),
  /** Personal data typed on a form not saved yet (sign-up); a signed-in person's own data is read from the profile. */
  Email: z.string().max(320).optional(),
  FirstName: z.string().max(200).optional(),
  LastName: z.string().max(200).optional(),
  /** The reset link's token (or an invitation's): that person's data and history count (spec 2 section 5). */
  ResetToken: z.string().min(1).max(200).optional(),
  ConfirmationToken: z.string().min(1).max(200).optional(),
});

/** The same tokens as query values, as the widget's page address carries them. */
const query = z.object({
  resetToken: z.string().min(1).max(200).optional(),
  confirmationToken: z.string().min(1).max(200).optional(),
});

const answer = z.object({
  items: z.array(z.object({ PolicyKey: z.string(), IsValid: z.boolean() })),
  IsValid: z.boolean(),
});

/** POST /auth/validate-password: IsValid per PolicyKey (spec 2 sections 5 and 7). */
export async function passwordsRoutes(app: FastifyInstance, deps: { uow: UnitOfWork; policy: PasswordPolicy; tokens: AccessTokens; clock: ServerClock }) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/auth/validate-password', {
    config: routeRateLimit(PASSWORDS_RATE_LIMITS.passwordValidation),
    schema: {
      tags: ['auth'], summary: 'Checks a password against the policy and the 3,000 most common passwords; with an access token or a reset/confirmation token, also the person\'s history and personal data',
      body, querystring: query, response: { 200: answer },
    },
  }, async (req) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    let personUid: string | undefined;
    if (bearer) {
      const claims = await deps.tokens.verify(bearer[1]!);
      if (!claims) throw new AppError(ErrorCode.Unauthorized, 'The access token is not valid; sign in again.');
      personUid = claims.sub;
    }
    // The reset screen sends its link's token: the person it names is the one choosing a password.
    const linkToken = req.body.ResetToken ?? req.body.ConfirmationToken ?? req.query.resetToken ?? req.query.confirmationToken;
    if (!personUid && linkToken) {
      const live = await liveResetToken(deps.uow, linkToken, deps.clock.now());
      if (!live) throw new AppError(ErrorCode.InvalidToken);
      personUid = live.personUid;
    }
    return validatePassword(deps, { password: req.body.Password, personUid, personalData: [req.body.Email, req.body.FirstName, req.body.LastName] });
  });
}
