import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { AUTH_RATE_LIMITS } from './auth.rate-limits.ts';
import { registerAuth } from './register-auth.ts';
import { auditLogRepository } from './audit-log.repository.ts';
import { knownDevicesRepository } from './known-devices.repository.ts';
import { sessionCleanupRepository } from './session-cleanup.repository.ts';
import { sessionCleanupJob } from './session-cleanup.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { personRecipient, signInCodeMailHandler } from './sign-in-code-mail.ts';
import { signInCodesRepository } from './sign-in-codes.repository.ts';
import { signInRepository } from './sign-in.repository.ts';
import { signingKeysRepository } from './signing-keys.repository.ts';

/** Signing keys and JWKS, tokens with sessions, the access-token guard (app.auth), password checks, re-authentication. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAuth(app, { config: ctx.config, clock: ctx.clock, uow: ctx.uow, bus: ctx.bus, secrets: ctx.secrets, wakeOutbox: ctx.wakeOutbox });
}

/** Sign-in and sessions (src/feature-module.ts): their tables, the mailed sign-in code, the cleanup of ended sessions. */
export const authModule = featureModule({
  name: 'auth',
  routes,
  repositories: {
    signIn: signInRepository, knownDevices: knownDevicesRepository, signInCodes: signInCodesRepository, sessions: sessionsRepository,
    sessionCleanup: sessionCleanupRepository, signingKeys: signingKeysRepository, auditLog: auditLogRepository,
  },
  outboxTopics: ({ mail, db }) => ({ 'mail.signin-code': signInCodeMailHandler({ ...mail, recipient: personRecipient(mail.people), codes: signInCodesRepository(db), auditLog: auditLogRepository(db) }) }),
  periodicJobs: ({ db, config }) => [sessionCleanupJob({ repo: sessionCleanupRepository(db), retentionDays: config.auth.sessionRetentionDays })],
  rateLimits: AUTH_RATE_LIMITS,
});
