import { and, asc, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { discordConnections, discordOauthStates, discordRoleRepairs } from '../db/schema.ts';

export interface DiscordConnection { personUid: string; discordUserId: string; username: string; connected: Date }
export interface TakenState { personUid: string; sessionUid: string; codeVerifier: string; returnUrl: string | null }
export interface RoleRepair { uid: string; at: Date; personUid: string; discordUserId: string; action: string; roleId: string | null; source: string }

/** The community tables (the only file of community/ that touches Drizzle). */
export function communityRepository(db: Db) {
  return {
    async connectionOf(personUid: string): Promise<DiscordConnection | null> {
      const [row] = await db.select().from(discordConnections).where(eq(discordConnections.personUid, personUid));
      return row ?? null;
    },
    /**
     * Stores (or replaces) the person's connection. A Discord user connected to another person
     * before is moved to this one (the person proved they hold the Discord account now); answers
     * the person it was taken from, whose roles the caller must let go.
     */
    async connect(c: DiscordConnection): Promise<{ takenFrom: string | null }> {
      const [other] = await db.delete(discordConnections)
        .where(and(eq(discordConnections.discordUserId, c.discordUserId), ne(discordConnections.personUid, c.personUid)))
        .returning({ personUid: discordConnections.personUid });
      await db.insert(discordConnections).values(c).onConflictDoUpdate({
        target: discordConnections.personUid,
        set: { discordUserId: c.discordUserId, username: c.username, connected: c.connected },
      });
      return { takenFrom: other?.personUid ?? null };
    },
    async disconnect(personUid: string): Promise<DiscordConnection | null> {
      const [row] = await db.delete(discordConnections).where(eq(discordConnections.personUid, personUid)).returning();
      return row ?? null;
    },
    /** Connections in person order after `after`, for the reconciliation's pages. */
    async connectionsPage(after: string | null, limit: number): Promise<DiscordConnection[]> {
      const q = db.select().from(discordConnections);
      return (after ? q.where(gt(discordConnections.personUid, after)) : q).orderBy(asc(discordConnections.personUid)).limit(limit);
    },
    async insertState(s: { stateHash: string; personUid: string; sessionUid: string; codeVerifier: string; returnUrl: string | null; expires: Date }): Promise<void> {
      await db.insert(discordOauthStates).values(s);
    },
    /** Uses a live state: checked and marked in one statement, so a replayed state finds nothing. */
    async takeState(stateHash: string, at: Date): Promise<TakenState | null> {
      const [row] = await db.update(discordOauthStates).set({ used: at })
        .where(and(eq(discordOauthStates.stateHash, stateHash), isNull(discordOauthStates.used), gt(discordOauthStates.expires, at)))
        .returning({ personUid: discordOauthStates.personUid, sessionUid: discordOauthStates.sessionUid, codeVerifier: discordOauthStates.codeVerifier, returnUrl: discordOauthStates.returnUrl });
      return row ?? null;
    },
    /** States a day past their expiry (the sweep). */
    async deleteStatesBefore(before: Date): Promise<number> {
      const rows = await db.delete(discordOauthStates).where(lt(discordOauthStates.expires, before)).returning({ h: discordOauthStates.stateHash });
      return rows.length;
    },
    async recordRepair(r: RoleRepair): Promise<void> {
      await db.insert(discordRoleRepairs).values(r);
    },
    /** Newest first (the admin API). */
    async recentRepairs(limit: number): Promise<RoleRepair[]> {
      return db.select().from(discordRoleRepairs).orderBy(desc(discordRoleRepairs.at), desc(discordRoleRepairs.uid)).limit(limit);
    },
  };
}

export type CommunityRepository = ReturnType<typeof communityRepository>;
