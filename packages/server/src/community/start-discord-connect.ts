import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@portico/core';
import { requireMember } from '../accounts/account-access.ts';
import { currentOf } from '../billing/subscription-timeline.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requireSiteUrl } from '../http/site-url.ts';
import type { CommunityDeps } from './community-deps.ts';
import { planHasAccess } from './discord-roles.ts';

/** How long a connect attempt may take between the widget's call and Discord's redirect back. */
export const DISCORD_STATE_TTL_MS = 10 * 60_000;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * GET /profile/authorizeDiscord: the URL of Discord's authorize page for the signed-in person. The
 * `state` is 32 random bytes, stored as its SHA-256 only with the person, the sign-in session, the
 * PKCE verifier and the page to come back to (a site origin's page), single use, for 10 minutes.
 */
export async function startDiscordConnect(deps: CommunityDeps, caller: Caller, input: { returnUrl?: string | undefined }): Promise<{ Url: string }> {
  const me = requireMember(caller);
  const discord = deps.community.discord;
  const oauth = discord?.oauth;
  if (!discord || !oauth || !deps.discord) throw new AppError(ErrorCode.CommunityNotConfigured);
  const returnUrl = input.returnUrl === undefined ? null
    : requireSiteUrl(input.returnUrl, deps.allowedOrigins, 'querystring.returnUrl', "returnUrl must be a page on one of the company's site origins.").href;
  const now = deps.clock.now();
  const current = currentOf(await deps.uow.subscriptions.listForAccount(me.accountUid), now);
  if (!current || !planHasAccess(discord, current.planUid)) throw new AppError(ErrorCode.CommunityAccessRequired);
  // A token without a session (none today) could not be bound: refuse rather than skip the binding.
  if (!me.sessionUid) throw new AppError(ErrorCode.Unauthorized);

  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await deps.uow.community.insertState({
    stateHash: sha256(state), personUid: me.personUid, sessionUid: me.sessionUid, codeVerifier, returnUrl,
    expires: new Date(now.getTime() + DISCORD_STATE_TTL_MS),
  });
  const url = new URL(oauth.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code', client_id: oauth.clientId, redirect_uri: oauth.redirectUri, scope: oauth.scopes.join(' '), state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'), code_challenge_method: 'S256', prompt: 'consent',
  }).toString();
  return { Url: url.href };
}
