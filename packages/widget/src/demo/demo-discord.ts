import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';

/**
 * The community server in demo mode (issue 18 discord): every persona with an account has access and
 * can connect; 'Join our Discord' connects at once (no Discord, no server: the answer is this page's
 * own address, so nothing unloads) and Disconnect forgets it. Kept in memory per persona. Never a
 * prompt after login, so a demo sign-in never stops at discordInterstitial.
 */
const connected = new Map<DemoPersonaName, string>();

export function demoDiscordStatus(persona: DemoPersonaName) {
  const access = Boolean(DEMO_PERSONA_DATA[persona].account);
  const username = connected.get(persona) ?? null;
  return { User: username ? { Username: username } : null, HasAccessToDiscord: access, ShouldPromptToConnect: false, InviteUrl: null, CanConnect: access };
}

export function demoAuthorizeDiscord(persona: DemoPersonaName, returnUrl: string) {
  const person = DEMO_PERSONA_DATA[persona].person;
  connected.set(persona, `${(person?.FirstName ?? 'member').toLowerCase()}_demo`);
  return { Url: returnUrl };
}

export function demoDisconnectDiscord(persona: DemoPersonaName): undefined {
  connected.delete(persona);
  return undefined;
}
