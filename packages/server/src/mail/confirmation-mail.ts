import { EMAIL_CONFIRMATION_TTL_HOURS } from '@portico/core/signup/registration-limits';
import type { PeopleRepository } from '../accounts/people.repository.ts';
import type { OutboxMessage } from '../outbox/outbox.repository.ts';
import type { EmailTokensRepository } from '../registration/email-tokens.repository.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export const CONFIRMATION_MAIL_TOPIC = 'mail.confirmation';

/**
 * What a registration (or 'Send the link again') enqueues: who to write to and where the link goes.
 * No token: it is made at sending. A null person (an address not waiting for confirmation) sends nothing.
 */
export interface ConfirmationMailPayload {
  personUid: string | null;
  accountUid: string | null;
  /** An allowed site page (checked at registration); the token is added as `token`. */
  confirmationUrl: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function confirmationLink(confirmationUrl: string, token: string): string {
  const url = new URL(confirmationUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function confirmationMessage(to: { email: string; firstName: string | null }, companyName: string, link: string): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const lines = [
    hello, '',
    `Please confirm your email address to finish signing up for ${companyName}:`, link, '',
    `The link works once and expires in ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not sign up, ignore this email.`,
  ];
  const html = `<p>${escape(hello)}</p><p>Please confirm your email address to finish signing up for ${escape(companyName)}:</p>`
    + `<p><a href="${escape(link)}">Confirm my email address</a></p>`
    + `<p>The link works once and expires in ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not sign up, ignore this email.</p>`;
  return { to: to.email, subject: `Confirm your email for ${companyName}`, text: lines.join('\n'), html };
}

export interface ConfirmationMailDeps {
  mailer: Mailer;
  companyName: string;
  now: () => Date;
  /** Run with the repositories it needs (the app's unit of work). */
  people: Pick<PeopleRepository, 'get'>;
  emailTokens: Pick<EmailTokensRepository, 'insert' | 'invalidate'>;
}

/**
 * The outbox handler of a confirmation mail. The single-use token is made here, at sending, and
 * only its hash is stored: the outbox row never holds a usable link. A retry after a failed send
 * makes a new token (the unsent one is never seen and expires). Nothing is sent to a person who
 * already confirmed. A new link ends the person's older unused ones: only the newest mail works.
 */
export function confirmationMailHandler(deps: ConfirmationMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as ConfirmationMailPayload;
    if (!payload.personUid) return;
    const person = await deps.people.get(payload.personUid);
    if (!person || person.emailConfirmed) return;
    const token = newSecretToken();
    const now = deps.now();
    await deps.emailTokens.invalidate(person.uid, 'confirm-email', now);
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'confirm-email', personUid: person.uid, accountUid: payload.accountUid,
      expires: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000),
    });
    await deps.mailer.send(confirmationMessage(person, deps.companyName, confirmationLink(payload.confirmationUrl, token)));
  };
}
