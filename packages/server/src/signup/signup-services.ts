import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@portico/core';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { createCaptcha, type CaptchaVerifier } from '../captcha/captcha.ts';
import { captchaSolutionsRepository } from '../captcha/captcha-solutions.repository.ts';
import { createGoogleIdTokenVerifier, type VerifyGoogleIdToken } from '../google/verify-google-id-token.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from '../outbox/outbox-worker.ts';
import { outboxHandlers, type OutboxHandlerDeps } from '../outbox/outbox-topics.ts';
import type { ConfirmationMailDeps } from '../mail/confirmation-mail.ts';
import type { SignupWebhookConfig } from '../webhooks/signup-webhook.ts';

/** What registration needs besides repositories: the captcha, Google's token check and the outbox. */
export interface SignupServices {
  captcha: CaptchaVerifier;
  verifyGoogleIdToken: VerifyGoogleIdToken;
  /** Whether a sign-up webhook is configured (enqueueSignupWebhook writes nothing otherwise). */
  signupWebhookConfigured: boolean;
  /** Delivers outbox messages; start-server starts it, app.close stops it; `wake()` after a commit that enqueued. */
  outbox: OutboxWorker;
}

export interface SignupServicesOptions {
  config: CompanyConfig;
  db: Db;
  /** PORTICO_CAPTCHA_HMAC_KEY; absent, a key is made for this process (start-server warns, and refuses in production). */
  captchaHmacKey?: string | undefined;
  /** Where the secrets named by the config's `secretEnv` keys are read. */
  secrets: Record<string, string | undefined>;
  accounts: { setClientIdentifier(accountUid: string, id: string): Promise<void> };
  outbox?: Partial<Omit<OutboxWorkerOptions, 'db' | 'handlers'>>;
  /** What the confirmation mail needs (the mailer, people, email tokens). */
  mail?: ConfirmationMailDeps | undefined;
  /** The team invitation mail's membership check (team/invite-mail.ts). */
  teamMembership?: OutboxHandlerDeps['teamMembership'];
  /** The mailed sign-in code's store and audit log (auth/sign-in-code-mail.ts). */
  signInCodes?: OutboxHandlerDeps['signInCodes'];
}

function signupWebhook(config: CompanyConfig, secrets: Record<string, string | undefined>): SignupWebhookConfig | undefined {
  const hook = config.webhooks.signup;
  if (!hook) return undefined;
  const secret = secrets[hook.secretEnv];
  // Fails the start, naming the variable: unsigned sign-ups must never leave the server.
  if (!secret) throw new Error(`webhooks.signup.secretEnv: the environment variable ${hook.secretEnv} holding the webhook signing secret (whsec_…) is not set`);
  return { url: hook.url, secret };
}

export function createSignupServices(options: SignupServicesOptions): SignupServices {
  const { config } = options;
  const captcha = createCaptcha(config.captcha, {
    hmacKey: options.captchaHmacKey ?? randomBytes(32).toString('base64url'),
    secrets: options.secrets,
    used: captchaSolutionsRepository(options.db),
  });
  const clientId = config.google.clientId;
  const verifyGoogleIdToken: VerifyGoogleIdToken = clientId
    ? createGoogleIdTokenVerifier({ clientId, jwksUrl: config.google.jwksUrl })
    : () => Promise.reject(new AppError(ErrorCode.InvalidCredentialsGoogle, 'Google sign-in is not enabled for this site.'));
  const webhook = signupWebhook(config, options.secrets);
  const outbox = createOutboxWorker({
    ...options.outbox,
    db: options.db,
    handlers: outboxHandlers({ signupWebhook: webhook, accounts: options.accounts, confirmationMail: options.mail, teamMembership: options.teamMembership, signInCodes: options.signInCodes }),
  });
  return { captcha, verifyGoogleIdToken, signupWebhookConfigured: webhook !== undefined, outbox };
}
