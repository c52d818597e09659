import { requireMember } from '../accounts/account-access.ts';
import { currentOf } from '../billing/subscription-timeline.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { Caller } from '../http/caller.ts';
import type { DiscordStatusOut } from './community.schemas.ts';
import { planHasAccess } from './discord-roles.ts';

export interface StatusDeps {
  community: CompanyConfig['community'];
  repos: Pick<Repositories, 'subscriptions' | 'community'>;
  clock: ServerClock;
}

type DiscordConfig = NonNullable<CompanyConfig['community']['discord']>;

/**
 * The rule, apart from storage: access when the account's current plan is one of planUids (any
 * plan when none are listed; no current subscription, no access); a prompt when the company asks
 * for one after login and a person with access is not connected.
 */
export function discordStatus(discord: DiscordConfig | undefined, currentPlanUid: string | null, username: string | null): DiscordStatusOut {
  const access = Boolean(discord) && currentPlanUid !== null && planHasAccess(discord!, currentPlanUid);
  return {
    User: username ? { Username: username } : null,
    HasAccessToDiscord: access,
    ShouldPromptToConnect: access && discord!.promptAfterLogin && !username,
    InviteUrl: access ? discord!.inviteUrl ?? null : null,
    CanConnect: access && Boolean(discord!.oauth),
  };
}

/** GET /profile/discord for the account the caller is signed in to (any member). */
export async function getDiscordStatus(deps: StatusDeps, caller: Caller): Promise<DiscordStatusOut> {
  const me = requireMember(caller);
  const discord = deps.community.discord;
  // Unconfigured: nothing to read.
  if (!discord) return discordStatus(undefined, null, null);
  const current = currentOf(await deps.repos.subscriptions.listForAccount(me.accountUid), deps.clock.now());
  const connection = await deps.repos.community.connectionOf(me.personUid);
  return discordStatus(discord, current?.planUid ?? null, connection?.username ?? null);
}
