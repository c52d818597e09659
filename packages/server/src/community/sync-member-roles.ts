import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { personAccounts, subscriptions } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import type { CommunityRepository } from './community.repository.ts';
import type { CommunityLog, DiscordConfig } from './community-deps.ts';
import type { DiscordClient } from './discord-client.ts';
import { expectedRoles, roleDrift } from './discord-roles.ts';

/**
 * The plans of the current subscriptions (started, not ended at `at`) of every account the person
 * belongs to: a person on two accounts keeps the roles either gives.
 */
export async function currentPlansOfPerson(db: Db, personUid: string, at: Date): Promise<string[]> {
  const rows = await db.selectDistinct({ planUid: subscriptions.planUid }).from(subscriptions)
    .innerJoin(personAccounts, eq(personAccounts.accountUid, subscriptions.accountUid))
    .where(and(eq(personAccounts.personUid, personUid), lte(subscriptions.startDate, at), or(isNull(subscriptions.endDate), gt(subscriptions.endDate, at))));
  return rows.map((r) => r.planUid);
}

export type RepairSource = 'reconcile' | 'connect' | 'subscription';

/**
 * Makes one connected member's managed roles match their plans: adds what is missing, removes
 * managed roles that should not be there, leaves every other role alone. Each change is logged and
 * stored (discord_role_repairs) so the admin API shows it. Not a guild member (left, or kicked by
 * hand): nothing to fix, the roles come back when they connect again. Safe to repeat.
 */
export async function syncMemberRoles(o: {
  db: Db; repo: CommunityRepository; discord: DiscordClient; config: DiscordConfig; log: CommunityLog;
  personUid: string; discordUserId: string; now: Date; source: RepairSource; signal?: AbortSignal;
}): Promise<{ added: string[]; removed: string[] }> {
  const expected = expectedRoles(o.config, await currentPlansOfPerson(o.db, o.personUid, o.now));
  const actual = await o.discord.memberRoles(o.discordUserId, o.signal);
  if (actual === null) return { added: [], removed: [] };
  const drift = roleDrift(o.config, expected, actual);
  for (const [action, roles] of [['role.add', drift.add], ['role.remove', drift.remove]] as const) {
    for (const roleId of roles) {
      if (action === 'role.add') await o.discord.addRole(o.discordUserId, roleId, o.signal);
      else await o.discord.removeRole(o.discordUserId, roleId, o.signal);
      await o.repo.recordRepair({ uid: newUid(), at: o.now, personUid: o.personUid, discordUserId: o.discordUserId, action, roleId, source: o.source });
      o.log.info({ personUid: o.personUid, discordUserId: o.discordUserId, action, roleId, source: o.source }, 'discord role repaired');
    }
  }
  return { added: drift.add, removed: drift.remove };
}
