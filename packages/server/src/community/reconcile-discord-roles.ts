import type { Db } from '../db/database.ts';
import type { JobContext, PeriodicJob } from '../jobs/job-types.ts';
import type { CommunityRepository } from './community.repository.ts';
import type { DiscordConfig } from './community-deps.ts';
import { DiscordError, type DiscordClient } from './discord-client.ts';
import { syncMemberRoles } from './sync-member-roles.ts';

const PAGE = 200;

/**
 * One reconciliation pass: every connected person's expected roles (their accounts' current plans by
 * the server clock) against the guild member's actual roles; drift repaired and logged. A person whose
 * member calls fail is skipped and named in the run's error (the runner retries with backoff); the
 * others are still done. Safe to repeat (a second pass finds nothing to do).
 */
export async function reconcileDiscordRoles(o: { db: Db; repo: CommunityRepository; discord: DiscordClient; config: DiscordConfig }, ctx: JobContext): Promise<{ checked: number; added: number; removed: number }> {
  const now = ctx.now();
  let after: string | null = null;
  const total = { checked: 0, added: 0, removed: 0 };
  const failed: string[] = [];
  for (;;) {
    const page = await o.repo.connectionsPage(after, PAGE);
    for (const c of page) {
      if (ctx.signal.aborted) return total;
      try {
        const r = await syncMemberRoles({ db: o.db, repo: o.repo, discord: o.discord, config: o.config, log: ctx.log, personUid: c.personUid, discordUserId: c.discordUserId, now, source: 'reconcile', signal: ctx.signal });
        total.checked += 1; total.added += r.added.length; total.removed += r.removed.length;
      } catch (err) {
        if (!(err instanceof DiscordError)) throw err;
        failed.push(c.personUid);
        ctx.log.warn({ personUid: c.personUid, kind: err.kind, status: err.status }, 'discord reconciliation: member skipped');
      }
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.personUid;
  }
  if (failed.length) throw new Error(`discord reconciliation: ${failed.length} member(s) could not be checked (Discord unavailable?); ${total.checked} checked`);
  return total;
}

/** The periodic job (community.module.ts): every `reconcileEveryMinutes` of server-clock time, on one node. */
export function discordReconcileJob(o: { db: Db; repo: CommunityRepository; discord: DiscordClient; config: DiscordConfig; everyMinutes: number }): PeriodicJob {
  return { name: 'community.discord-reconcile', everyMs: o.everyMinutes * 60_000, timeoutMs: 10 * 60_000, run: async (ctx) => { const r = await reconcileDiscordRoles(o, ctx); return r.added + r.removed; } };
}
