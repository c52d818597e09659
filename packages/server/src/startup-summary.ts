import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDemoAllowed, resolveDataDir, type Env } from './config/env.ts';
import { SERVER_ROOT } from './paths.ts';

const VERSION = (JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Where PostgreSQL is, without the user name or password the URL may carry. */
function postgresPlace(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

/**
 * The one line an operator reads to know what started: the mode, the database and each
 * optional part. Nothing secret: no password, no keys.
 */
export function startupSummary(env: Env): string {
  const onOff = (on: unknown) => (on ? 'on' : 'off');
  const database = env.DATABASE_URL
    ? `PostgreSQL (${postgresPlace(env.DATABASE_URL)})`
    : `embedded PGlite (${path.join(resolveDataDir(env), 'pglite')})`;
  const proxy = env.PORTICO_TRUST_PROXY;
  return [
    `Portico ${VERSION} in ${env.NODE_ENV} mode`,
    `database ${database}`,
    `Redis ${onOff(env.REDIS_URL)}`,
    `admin API ${onOff(env.PORTICO_ADMIN_KEY)}`,
    // Production without SMTP has no mail: sign-ups that need a confirmation link are refused (Errors.MailUnavailable).
    `mail ${env.SMTP_URL ? 'SMTP' : env.NODE_ENV === 'production' ? 'off (SMTP_URL not set: sign-ups that need a mailed link are refused)' : 'dev mailbox at /dev/mailbox'}`,
    `trusted proxy ${proxy === false ? 'off' : Array.isArray(proxy) ? proxy.join(',') : String(proxy)}`,
    `demo pages ${onOff(isDemoAllowed(env))}`,
    `config ${env.PORTICO_CONFIG ?? 'demo company'}`,
  ].join(' · ');
}
