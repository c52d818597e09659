import { ErrorCode } from '@portico/core';
import { requirePerson } from '../accounts/account-access.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import type { CommunityDeps, CommunityLog } from './community-deps.ts';
import { DiscordError } from './discord-client.ts';

/**
 * DELETE /profile/discord: kicks the person's Discord user from the guild (the screen's warning:
 * 'Disconnecting from Discord will kick you out of any connected servers.'), then forgets the
 * connection. Discord first: if it cannot be reached, the connection stays (502
 * Errors.CommunityUnavailable) so the person can try again, rather than a member Portico no longer
 * knows of. Not connected: 204 (done already, so two clicks at once are both fine).
 */
export async function disconnectDiscord(deps: CommunityDeps & { log: CommunityLog }, caller: Caller, ip: string): Promise<void> {
  const me = requirePerson(caller);
  const connection = await deps.uow.community.connectionOf(me.personUid);
  if (!connection) return;
  if (deps.discord) {
    try {
      await deps.discord.removeMember(connection.discordUserId);
    } catch (err) {
      if (err instanceof DiscordError) {
        deps.log.warn({ kind: err.kind, status: err.status }, 'discord disconnect: removing the member failed');
        throw new AppError(ErrorCode.CommunityUnavailable);
      }
      throw err;
    }
  }
  const now = deps.clock.now();
  await deps.uow.transaction(async (repos) => {
    const gone = await repos.community.disconnect(me.personUid);
    if (gone) await repos.auditLog.append({ uid: newUid(), at: now, actor: me.personUid, action: 'community.discord.disconnect', target: gone.discordUserId, ip, detail: {} });
  });
  deps.log.info({ personUid: me.personUid, discordUserId: connection.discordUserId }, 'discord disconnected');
}
