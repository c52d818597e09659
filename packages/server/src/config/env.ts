import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from '../paths.ts';
import { trustProxySchema } from './trust-proxy.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PORTICO_DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PORTICO_TRUST_PROXY: trustProxySchema,
  PORTICO_ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Signs ALTCHA captcha challenges; the same on every node (captcha/captcha-key.ts). */
  PORTICO_CAPTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seals the token signing keys at rest (auth/key-encryption.ts); required in production. */
  PORTICO_KEY_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The inbound-mail webhook's shared secret (issue 20, docs/console.md "Inbound mail"); unset: POST /inbound-mail answers 401. */
  PORTICO_INBOUND_MAIL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** SMTP server for the mail Portico sends (confirmation links): smtp(s)://user:pass@host:port. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  /** The sender of that mail, e.g. "Northwind <no-reply@northwind.example>". */
  MAIL_FROM: z.string().min(3).max(300).optional(),
  PORTICO_CONFIG: z.string().optional(),
  PORTICO_CLOCK: z.string().optional(),
  PORTICO_PUBLIC_URL: z.string().url().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).superRefine((env, ctx) => {
  // Without a config the server runs the demo company, whose coupons are real discounts.
  if (env.NODE_ENV === 'production' && !env.PORTICO_CONFIG) {
    ctx.addIssue({ code: 'custom', path: ['PORTICO_CONFIG'], message: 'required when NODE_ENV=production: the path of your company config (production never runs the demo company)' });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once; a bad value stops start-up naming the variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function resolveDataDir(env: Env, cwd = process.cwd()): string {
  return path.resolve(cwd, env.PORTICO_DATA_DIR);
}

/**
 * The address visitors reach this server at: PORTICO_PUBLIC_URL, else http://localhost:$PORT. The
 * company config's `${PUBLIC_URL}` placeholders resolve against it (load-company-config.ts).
 */
export function publicUrlOf(env: Pick<Env, 'PORTICO_PUBLIC_URL' | 'PORT'>): string {
  return env.PORTICO_PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

/** Production is not the demo: no demo pages, and CORS allows only the config's site origins. */
export function isDemoAllowed(env: Env): boolean {
  return env.NODE_ENV !== 'production';
}
