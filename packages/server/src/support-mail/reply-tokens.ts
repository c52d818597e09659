import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';

/** The settings key of the reply-token key (made on first use, 32 random bytes). */
const REPLY_KEY_SETTING = 'support-mail.reply-token-key';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Lower-case RFC 4648 base32 without padding (a plus address survives a mail system that lower-cases it). */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) { out += BASE32[(value >>> (bits - 5)) & 31]; bits -= 5; }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export const hashReplyToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A case's reply token: 160 bits of HMAC-SHA256 of the case uid under the server's reply key, so it
 * cannot be guessed, is the same for every reply of a case (no raw token is ever stored: the mail
 * handler recomputes it), and only its SHA-256 is kept (support_reply_tokens) for the inbound lookup.
 */
export async function replyTokenFor(repos: Pick<UnitOfWork, 'settings' | 'supportMail'>, caseUid: string): Promise<string> {
  let key = await repos.settings.get<string>(REPLY_KEY_SETTING);
  if (!key) {
    key = randomBytes(32).toString('base64url');
    await repos.settings.set(REPLY_KEY_SETTING, key);
    // Two nodes making it at once: the one stored wins; a token made under the other still resolves (its hash is stored below).
    key = (await repos.settings.get<string>(REPLY_KEY_SETTING)) ?? key;
  }
  const token = base32(createHmac('sha256', key).update(`case-reply:${caseUid}`).digest().subarray(0, 20));
  await repos.supportMail.rememberToken(hashReplyToken(token), caseUid);
  return token;
}
