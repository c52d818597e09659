import { z } from 'zod';

/**
 * GET /profile/discord (spec 2 "Community server"): the signed-in person's community-server
 * status. `User` is the connected Discord user (null: not connected). `InviteUrl` goes beyond the
 * spec's three properties: the configured invite link, given only to people with access, so the
 * widget's 'Join our Discord' needs no second call and the link is not handed to everyone.
 * `CanConnect` (issue 18): the server can run the OAuth connect (the config names an application).
 */
export const discordStatusOut = z.object({
  User: z.object({ Username: z.string() }).nullable(),
  HasAccessToDiscord: z.boolean(),
  ShouldPromptToConnect: z.boolean(),
  InviteUrl: z.string().nullable(),
  CanConnect: z.boolean(),
});
export type DiscordStatusOut = z.infer<typeof discordStatusOut>;

export const authorizeDiscordQuery = z.object({
  returnUrl: z.string().min(1).max(2048).optional().describe("The host page Discord's redirect should lead back to; must be on one of the company's site origins"),
});
export const authorizeDiscordOut = z.object({ Url: z.string().describe("Discord's authorize page; the widget sends the browser there") });

/** What Discord sends back (RFC 6749 4.1.2): a code and the state, or an error and the state. */
export const discordCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

export const discordRepairsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const discordRepairsOut = z.object({
  Items: z.array(z.object({
    Uid: z.string(), At: z.string(), PersonUid: z.string(), DiscordUserId: z.string(),
    Action: z.string().describe("'role.add', 'role.remove' or 'member.join'"), RoleId: z.string().nullable(),
    Source: z.string().describe("'reconcile' (the periodic job) or 'connect'"),
  })),
});
