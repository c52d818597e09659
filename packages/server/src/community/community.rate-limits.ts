import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * The community server's Discord connect (community.routes.ts). Declared by the module (`rateLimits`),
 * so src/features.ts lists them in the one table. Each connect attempt costs Discord calls
 * (token, user, guild join) on Portico's one bot and application, whose limits are shared by everyone.
 */
export const COMMUNITY_RATE_LIMITS = rateLimitRows({
  discordConnectPerAddress: {
    max: 20, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: "Discord's rate limits on Portico's application and bot: GET /profile/authorizeDiscord, DELETE /profile/discord and the OAuth callback, each counted apart.",
  },
});
