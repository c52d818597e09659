import { z } from 'zod';

/**
 * GET /profile/discord (spec 2 "Community server"): the signed-in person's community-server
 * status. `User` is the connected Discord user (null: not connected; no connection is stored
 * yet, so always null until the connect flow lands). `InviteUrl` goes beyond the spec's three
 * properties: the configured invite link, given only to people with access, so the widget's
 * 'Join our Discord' needs no second call and the link is not handed to everyone.
 */
export const discordStatusOut = z.object({
  User: z.object({ Username: z.string() }).nullable(),
  HasAccessToDiscord: z.boolean(),
  ShouldPromptToConnect: z.boolean(),
  InviteUrl: z.string().nullable(),
});
export type DiscordStatusOut = z.infer<typeof discordStatusOut>;
