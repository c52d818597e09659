import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { ConfirmationMailDeps } from '../mail/confirmation-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const PASSWORD_RESET_MAIL_TOPIC = 'mail.password-reset';

/** A reset link works this long (docs/auth.md "Password reset"). */
export const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * What forgot-password enqueues. `personUid` is null for an address with no account: the request
 * did the same work as for a known one, and the handler sends nothing.
 */
export interface PasswordResetMailPayload {
  personUid: string | null;
  /** A page on an allowed site origin (checked when enqueued); the token is added as `resetToken`. */
  resetUrl: string;
}

export function resetLink(resetUrl: string, token: string): string {
  const url = new URL(resetUrl);
  url.searchParams.set('resetToken', token);
  return url.toString();
}

/**
 * The reset mail; `place` names what the password opens (members: "your Northwind account"; the
 * console's reset mail says "your Northwind support console account", operators/operator-link-mail.ts).
 */
const memberPlace = (company: string) => `your ${company} account`;

export function passwordResetMessage(
  to: { email: string; firstName: string | null }, companyName: string, link: string, place = memberPlace, ttlMinutes = RESET_TOKEN_TTL_MINUTES,
): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const after = `The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`;
  const asked = `Someone asked to reset the password of ${place(companyName)}.`;
  const text = [hello, '', `${asked} Choose a new password here:`, link, '', after].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(asked)}</p>`
    + `<p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>${escapeHtml(after)}</p>`;
  return { to: to.email, subject: `Reset your ${companyName} password`, text, html };
}

/**
 * The outbox handler of a reset mail. The single-use token is made at sending and only its hash
 * is stored (the outbox row never holds a usable link); the person's older unused reset links
 * stop working at the same moment, so only the newest mail works. A retry after a failed send
 * makes a new token.
 */
export function passwordResetMailHandler(deps: ConfirmationMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as PasswordResetMailPayload;
    if (!payload.personUid) return;
    const person = await deps.people.get(payload.personUid);
    if (!person) return;
    const token = newSecretToken();
    const now = deps.now();
    await deps.emailTokens.invalidate(person.uid, 'reset', now);
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'reset', personUid: person.uid, accountUid: null,
      expires: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    await deps.mailer.send(passwordResetMessage(person, deps.companyName, resetLink(payload.resetUrl, token)));
  };
}
