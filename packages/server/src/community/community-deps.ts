import type { ServerClock } from '../clock/server-clock.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { discordClient, type DiscordClient } from './discord-client.ts';

export type DiscordConfig = NonNullable<CompanyConfig['community']['discord']>;
export type DiscordOauth = NonNullable<DiscordConfig['oauth']>;

export interface CommunityLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What the community use cases are made from (community.module.ts builds it). */
export interface CommunityDeps {
  community: CompanyConfig['community'];
  uow: UnitOfWork;
  clock: ServerClock;
  allowedOrigins: ReadonlySet<string>;
  /** Made once the config names `oauth` (its secrets read from the environment at start); null otherwise. */
  discord: DiscordClient | null;
}

/**
 * The Discord client of the config, its client secret and bot token read from the environment
 * variables the config names; a missing one fails at start with its name (like the webhooks' secrets).
 */
export function discordClientFromConfig(config: CompanyConfig, secrets: Record<string, string | undefined>): DiscordClient | null {
  const o = config.community.discord?.oauth;
  if (!o) return null;
  const clientSecret = secrets[o.clientSecretEnv];
  const botToken = secrets[o.botTokenEnv];
  if (!clientSecret) throw new Error(`community.discord.oauth.clientSecretEnv: the environment variable ${o.clientSecretEnv} holding the Discord application's client secret is not set`);
  if (!botToken) throw new Error(`community.discord.oauth.botTokenEnv: the environment variable ${o.botTokenEnv} holding the Discord bot token is not set`);
  return discordClient(o, { clientSecret, botToken });
}
