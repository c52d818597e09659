/**
 * The operator console's domain rules (issue 20; docs/console.md): roles, initials, presence and the
 * plus-addressed reply address of a support case. Pure: the clock is passed in.
 * Import as `@portico/core/operators/operator-rules`.
 */

export const OPERATOR_ROLES = ['agent', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_NAME_MAX_LENGTH = 100;

/**
 * The console's tokens have their own audience: the member guard (audience 'portico') refuses them,
 * and the operator guard refuses members' (docs/console.md "Tokens and audiences"); the console UI
 * treats any other token as no sign-in.
 */
export const CONSOLE_TOKEN_AUDIENCE = 'portico-console';

/** An operator is online while heartbeats arrive within this many milliseconds (PUT /console/presence). */
export const OPERATOR_PRESENCE_TTL_MS = 45_000;

/** Inbox pages: the console asks for this many rows unless it says otherwise. */
export const CONSOLE_INBOX_PAGE = 50;

/**
 * The initials shown beside an operator's replies (the visitor sees them): the first letter of the
 * first and last words of the name, upper-cased; one word gives its first two letters.
 */
export function operatorInitials(name: string): string {
  const words = name.trim().split(/\s+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  const first = (w: string) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '';
  if (words.length === 0) return '?';
  if (words.length === 1) return Array.from(words[0]!.replace(/[^\p{L}\p{N}]/gu, '')).slice(0, 2).join('').toUpperCase() || '?';
  return (first(words[0]!) + first(words[words.length - 1]!)).toUpperCase();
}

/** Online at `now` when the last heartbeat's deadline is still ahead. */
export function isOnline(onlineUntil: Date | null, now: Date): boolean {
  return onlineUntil !== null && onlineUntil.getTime() > now.getTime();
}

/**
 * A case's reply address: the support address plus-addressed with the case's reply token
 * (`support+<token>@example.com`). The token is lower-case base32 so a mail system that lower-cases
 * local parts keeps it intact.
 */
export function replyAddress(supportAddress: string, token: string): string {
  const at = supportAddress.lastIndexOf('@');
  const local = supportAddress.slice(0, at).split('+')[0];
  return `${local}+${token}@${supportAddress.slice(at + 1)}`;
}

export const REPLY_TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/**
 * The reply token in one of a mail's recipient addresses, when that address is the support
 * address plus a token (local part and domain compared case-insensitively); null otherwise.
 */
export function replyTokenOf(address: string, supportAddress: string): string | null {
  const at = supportAddress.lastIndexOf('@');
  const local = supportAddress.slice(0, at).split('+')[0]!.toLowerCase();
  const domain = supportAddress.slice(at + 1).toLowerCase();
  const m = /^([^@+\s]+)\+([^@\s]+)@([^@\s]+)$/.exec(address.trim().toLowerCase());
  if (!m || m[1] !== local || m[3] !== domain) return null;
  return REPLY_TOKEN_PATTERN.test(m[2]!) ? m[2]! : null;
}

/** The case number a subject quotes (`[#1042]`), which a mail's other case reference must agree with. */
export function caseNumberInSubject(subject: string): number | null {
  const m = /\[#(\d{1,9})\]/.exec(subject);
  return m ? Number(m[1]) : null;
}
