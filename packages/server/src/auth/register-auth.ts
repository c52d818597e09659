import type { FastifyInstance } from 'fastify';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { eventLimiter, flaggingLimit, preHandlerLimit, type EventLimiter, type FlaggingLimit } from '../http/rate-limits.ts';
import { AUTH_RATE_LIMITS } from './auth.rate-limits.ts';
import { passwordsRoutes } from '../passwords/passwords.routes.ts';
import { accessTokenGuard, accessTokenVerifier } from './access-token-guard.ts';
import { accessTokens, type AccessTokens } from './access-tokens.ts';
import { keyEncryption } from './key-encryption.ts';
import { createKeyRing, type KeyRing } from './key-ring.ts';
import { jwksRoutes } from './jwks.routes.ts';
import { reauthenticationRoutes } from './reauthentication.routes.ts';
import { tokensRoutes } from './tokens.routes.ts';
import { sessionCache } from './session-cache.ts';
import { sessionNotices } from './session-notices.ts';
import type { EventBus } from '../bus/event-bus.ts';

/** Bus topic: session uids some node ended or moved (comma-separated). */
export const SESSIONS_CHANGED = 'auth.sessions-changed';

export interface AuthServices {
  ring: KeyRing;
  tokens: AccessTokens;
  /** Put on a scope with guardRoutes(scope, 'accessToken', auth.guard) for signed-in routes. */
  guard: ReturnType<typeof accessTokenGuard>;
  /** The same check without an HTTP request (`Bearer <token>` → the person), for the chat hub's handshake and credentials in a query (issue 19). */
  verify: ReturnType<typeof accessTokenVerifier>;
  /** Deletes long-ended sessions; start-server starts it once migrations ran, app.close stops it. */
  /**
   * The sign-in limits, made once so every sign-in route counts on the same counters (members' POST /tokens
   * and the console's POST /console/tokens, issue 20): per address (refuses), per email (trips the lockout),
   * per device token (a known browser past it needs the code too) and the code mails' budget per subject.
   */
  signInLimits: { perAddress: ReturnType<typeof preHandlerLimit>; perEmail: FlaggingLimit; perDevice: FlaggingLimit; codeMails: EventLimiter };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in: the key ring, token issuer and the access-token guard (issue 8). */
    auth: AuthServices;
  }
}

/**
 * Sign-in (issue 8): signing keys and JWKS, POST /tokens with reissue and logout, the
 * access-token guard, and password validation. PORTICO_KEY_ENCRYPTION_KEY (from `secrets`)
 * seals the private keys at rest; without it a public development key is used, with a warning.
 */
export async function registerAuth(app: FastifyInstance, o: { config: CompanyConfig; clock: ServerClock; uow: UnitOfWork; bus: EventBus; secrets: Record<string, string | undefined>; wakeOutbox?: () => void }): Promise<AuthServices> {
  const auth = o.config.auth;
  const sealer = keyEncryption(o.secrets.PORTICO_KEY_ENCRYPTION_KEY || undefined);
  if (sealer.development) app.log.warn('PORTICO_KEY_ENCRYPTION_KEY is not set: token signing keys are stored under a public development key.');
  const ring = createKeyRing({
    repo: o.uow.signingKeys, clock: o.clock, sealer, rotationDays: auth.keyRotationDays,
    tokenLifetimeMs: auth.accessTokenMinutes * 60_000, onWarning: (message) => app.log.warn(message),
  });
  const tokens = accessTokens({ ring, clock: o.clock, issuer: `portico:${o.config.company.uid}`, lifetimeMinutes: auth.accessTokenMinutes });
  const cache = sessionCache({ ttlMs: auth.sessionCacheSeconds * 1000 });
  // This node forgets at once; the others hear it over the bus (Redis when several nodes share the database).
  const stopListening = sessionNotices.listen((uids) => {
    cache.forget(uids);
    o.bus.publish(SESSIONS_CHANGED, uids.join(',')).catch((err: unknown) => app.log.warn({ err }, 'could not tell the other nodes about ended sessions'));
  });
  o.bus.subscribe(SESSIONS_CHANGED, (message) => cache.forget(message.split(',').filter(Boolean)));
  app.addHook('onClose', async () => stopListening());
  const guardDeps = { tokens, sessions: o.uow.sessions, auth, clock: o.clock, cache };
  const guard = accessTokenGuard(guardDeps);
  const signInLimits = {
    perAddress: preHandlerLimit(app, AUTH_RATE_LIMITS.signInPerAddress), perEmail: flaggingLimit(app, AUTH_RATE_LIMITS.signInPerEmail),
    perDevice: flaggingLimit(app, AUTH_RATE_LIMITS.signInPerDevice), codeMails: eventLimiter(app, AUTH_RATE_LIMITS.signInCodeMail),
  };
  const services: AuthServices = { ring, tokens, guard, verify: accessTokenVerifier(guardDeps), signInLimits };
  app.decorate('auth', services);
  const signInDeps = { uow: o.uow, clock: o.clock, auth, tokens, requireEmailConfirmation: o.config.registration.requireEmailConfirmation, wakeOutbox: o.wakeOutbox };
  await app.register(async (scope) => {
    await jwksRoutes(scope, { ring });
    await tokensRoutes(scope, {
      ...signInDeps, guard, limits: [signInLimits.perAddress],
      // A tripped account is marked, not refused: known browsers and the mailed code get the owner in (docs/auth.md "Lockout and known browsers").
      lockout: { perEmail: signInLimits.perEmail, perDevice: signInLimits.perDevice, codeMails: signInLimits.codeMails },
      // The verifier of the configured Google client id (sign-up's); without one every Google sign-in is refused.
      verifyGoogleIdToken: (idToken) => app.google.verifyIdToken(idToken),
    });
    await passwordsRoutes(scope, { uow: o.uow, policy: o.config.passwordPolicy, tokens, clock: o.clock });
  });
  // 'Confirm it's you' (issue 12): the one re-authentication route; the policy itself is auth/reauthentication.ts.
  await app.register(async (scope) => reauthenticationRoutes(scope, {
    uow: o.uow, clock: o.clock, guard, verifyGoogleIdToken: app.google.enabled ? (idToken) => app.google.verifyIdToken(idToken) : null,
  }));
  return services;
}
