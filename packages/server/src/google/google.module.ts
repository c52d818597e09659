import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { featureModule, type AppContext } from '../feature-module.ts';
import { createGoogleIdTokenVerifier, type VerifyGoogleIdToken } from './verify-google-id-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Google sign-in: the ID-token check of the configured client (sign-up, sign-in, reset by Google). */
    google: { enabled: boolean; verifyIdToken: VerifyGoogleIdToken };
  }
}

/** Without a client id every Google token is refused with Errors.InvalidCredentialsGoogle. */
export function googleSignIn(config: AppContext['config']): FastifyInstance['google'] {
  const clientId = config.google.clientId;
  return clientId
    ? { enabled: true, verifyIdToken: createGoogleIdTokenVerifier({ clientId, jwksUrl: config.google.jwksUrl }) }
    : { enabled: false, verifyIdToken: () => Promise.reject(new AppError(ErrorCode.InvalidCredentialsGoogle, 'Google sign-in is not enabled for this site.')) };
}

async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorate('google', googleSignIn(ctx.config));
}

/** Google sign-in (src/feature-module.ts): no routes of its own; sign-up, sign-in and reset use app.google. */
export const googleModule = featureModule({ name: 'google', routes });
