import type { CompanyConfig } from '../config/company-config.schema.ts';

type DiscordConfig = NonNullable<CompanyConfig['community']['discord']>;

/** Whether a plan gives access to the community server: any plan when `planUids` is absent. */
export function planHasAccess(discord: DiscordConfig, planUid: string): boolean {
  return !discord.planUids || discord.planUids.includes(planUid);
}

/** The roles Portico manages (the default role and every plan's role); others in the guild are never touched. */
export function managedRoles(discord: DiscordConfig): Set<string> {
  const o = discord.oauth;
  if (!o) return new Set();
  return new Set([...(o.defaultRoleId ? [o.defaultRoleId] : []), ...Object.values(o.rolesByPlan)]);
}

/**
 * The roles a person should hold, from the plans of their accounts' current subscriptions: the default
 * role when any plan gives access, plus each such plan's role. No current plan with access: none.
 */
export function expectedRoles(discord: DiscordConfig, currentPlanUids: readonly string[]): Set<string> {
  const o = discord.oauth;
  const plans = currentPlanUids.filter((p) => planHasAccess(discord, p));
  if (!o || plans.length === 0) return new Set();
  const roles = new Set<string>(o.defaultRoleId ? [o.defaultRoleId] : []);
  for (const p of plans) { const r = o.rolesByPlan[p]; if (r) roles.add(r); }
  return roles;
}

/** What to change so `actual` holds exactly the expected managed roles (unmanaged roles stay). */
export function roleDrift(discord: DiscordConfig, expected: Set<string>, actual: readonly string[]): { add: string[]; remove: string[] } {
  const managed = managedRoles(discord);
  const have = new Set(actual);
  return {
    add: [...expected].filter((r) => !have.has(r)).sort(),
    remove: actual.filter((r) => managed.has(r) && !expected.has(r)).sort(),
  };
}
