import type { Db } from '../db/database.ts';
import { newUid } from '../ids/new-uid.ts';
import type { CommunityDeps, CommunityLog } from './community-deps.ts';
import { DiscordError } from './discord-client.ts';
import { expectedRoles } from './discord-roles.ts';
import { sha256 } from './start-discord-connect.ts';
import { currentPlansOfPerson, syncMemberRoles } from './sync-member-roles.ts';

export type ConnectOutcome = 'connected' | 'denied' | 'invalid_state' | 'expired_code' | 'no_access' | 'unavailable';

export interface CallbackQuery { code?: string | undefined; state?: string | undefined; error?: string | undefined }

/**
 * Discord's redirect back (GET /api/v1/community/discord/callback): takes the state (single use, live,
 * its session still live and the same person's), then, unless Discord says the person denied,
 * exchanges the code (with the PKCE verifier), reads the Discord user, joins them to the guild with
 * their roles (an existing member gets the missing roles added), and stores the connection. The
 * user's access token is used here only and never stored. Every failure is an outcome, never a throw.
 */
export async function finishDiscordConnect(deps: CommunityDeps & { db: Db; log: CommunityLog }, q: CallbackQuery, ip: string): Promise<{ outcome: ConnectOutcome; username?: string; returnUrl: string | null }> {
  const discord = deps.community.discord;
  const oauth = discord?.oauth;
  if (!discord || !oauth || !deps.discord) return { outcome: 'unavailable', returnUrl: null };
  const now = deps.clock.now();
  const state = q.state && q.state.length <= 200 ? await deps.uow.community.takeState(sha256(q.state), now) : null;
  if (!state) {
    deps.log.warn({ hasState: Boolean(q.state), ip }, 'discord callback: unknown, used or expired state');
    return { outcome: 'invalid_state', returnUrl: null };
  }
  const back = { returnUrl: state.returnUrl };
  const session = await deps.uow.sessions.get(state.sessionUid);
  if (!session || session.ended || session.personUid !== state.personUid || session.absoluteExpires <= now) return { outcome: 'invalid_state', ...back };
  if (q.error || !q.code) return { outcome: 'denied', ...back };
  try {
    const accessToken = await deps.discord.exchangeCode(q.code.slice(0, 200), oauth.redirectUri, state.codeVerifier);
    const user = await deps.discord.currentUser(accessToken);
    const roles = [...expectedRoles(discord, await currentPlansOfPerson(deps.db, state.personUid, now))];
    if (roles.length === 0) return { outcome: 'no_access', ...back };
    const joined = await deps.discord.joinGuild(user.id, accessToken, roles);
    await deps.uow.transaction(async (repos) => {
      await repos.community.connect({ personUid: state.personUid, discordUserId: user.id, username: user.username, connected: now });
      if (joined === 'joined') await repos.community.recordRepair({ uid: newUid(), at: now, personUid: state.personUid, discordUserId: user.id, action: 'member.join', roleId: null, source: 'connect' });
      await repos.auditLog.append({ uid: newUid(), at: now, actor: state.personUid, action: 'community.discord.connect', target: user.id, ip, detail: { username: user.username, joined } });
    });
    deps.log.info({ personUid: state.personUid, discordUserId: user.id, joined }, 'discord connected');
    // Already a member: PUT leaves their roles as they were, so add what their plans give now.
    if (joined === 'already') {
      await syncMemberRoles({ db: deps.db, repo: deps.uow.community, discord: deps.discord, config: discord, log: deps.log, personUid: state.personUid, discordUserId: user.id, now, source: 'connect' });
    }
    return { outcome: 'connected', username: user.username, ...back };
  } catch (err) {
    if (err instanceof DiscordError) {
      deps.log.warn({ kind: err.kind, status: err.status, message: err.message }, 'discord connect failed');
      return { outcome: err.kind === 'invalid_grant' ? 'expired_code' : 'unavailable', ...back };
    }
    throw err;
  }
}
