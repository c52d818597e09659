import { EMAIL_CONFIRMATION_TTL_HOURS } from '@portico/core/signup/registration-limits';
import type { PeopleRepository } from '../accounts/people.repository.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { EmailTokensRepository } from '../registration/email-tokens.repository.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const CONFIRMATION_MAIL_TOPIC = 'mail.confirmation';

/**
 * What a registration (or 'Send the link again') enqueues: who to write to and where the link goes.
 * No token: it is made at sending. A null person (an address not waiting for confirmation) sends nothing.
 */
export interface ConfirmationMailPayload {
  personUid: string | null;
  accountUid: string | null;
  /** An allowed site page (checked at registration); the handler adds the token (see confirmationLink). */
  confirmationUrl: string;
}

/** Marks a confirm-and-sign-in link, whose token travels as the generic `token`, for the widget's loader (widget/src/loader/landing.ts). */
export const CONFIRM_MARK = 'portico_confirm';
/** The query value of a set-password link (spec 2 resetPassword: "shown when a reset token or a confirmation token is present"). */
export const SET_PASSWORD_TOKEN_PARAM = 'confirmationToken';

/**
 * Which link a sign-up's mail carries, decided by how the person can sign in when it is sent:
 * - `set-password`: no password yet (none was asked at sign-up, and no Google login): the link opens
 *   resetPassword with `confirmationToken`; setting the password there confirms the email and signs in.
 * - `confirm`: a password was given at sign-up and the email waits for confirmation: the link
 *   (`portico_confirm=1&token=`) opens registerConfirmation, which confirms the email and signs in.
 * - null: confirmed and able to sign in, nothing to send.
 */
export type ConfirmationLinkKind = 'set-password' | 'confirm';

export function confirmationLinkKind(person: { emailConfirmed?: Date | null; hasPassword: boolean; googleLinked: boolean }): ConfirmationLinkKind | null {
  if (!person.hasPassword && !person.googleLinked) return 'set-password';
  return person.emailConfirmed ? null : 'confirm';
}

/** The page with the token added as the kind of link asks; an older link's token or mark on the page is dropped. */
export function confirmationLink(confirmationUrl: string, token: string, kind: ConfirmationLinkKind = 'confirm'): string {
  const url = new URL(confirmationUrl);
  for (const k of ['token', SET_PASSWORD_TOKEN_PARAM, 'resetToken']) url.searchParams.delete(k);
  if (kind === 'set-password') {
    url.searchParams.delete(CONFIRM_MARK);
    url.searchParams.set(SET_PASSWORD_TOKEN_PARAM, token);
  } else {
    url.searchParams.set(CONFIRM_MARK, '1');
    url.searchParams.set('token', token);
  }
  return url.toString();
}

export function confirmationMessage(to: { email: string; firstName: string | null }, companyName: string, link: string, kind: ConfirmationLinkKind = 'confirm'): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const ask = kind === 'set-password'
    ? `Thank you for signing up for ${companyName}. Confirm your email address and choose your password here; you are signed in right after:`
    : `Please confirm your email address to finish signing up for ${companyName}. The link signs you in:`;
  const button = kind === 'set-password' ? 'Confirm my email and set my password' : 'Confirm my email address';
  const after = `The link works once and expires in ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not sign up, ignore this email.`;
  const subject = kind === 'set-password' ? `Confirm your email and set your password for ${companyName}` : `Confirm your email for ${companyName}`;
  return {
    to: to.email,
    subject,
    text: [hello, '', ask, link, '', after].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(link)}">${button}</a></p><p>${escapeHtml(after)}</p>`,
  };
}

export interface ConfirmationMailDeps {
  mailer: Mailer;
  companyName: string;
  now: () => Date;
  /** Run with the repositories it needs (the app's unit of work). */
  people: Pick<PeopleRepository, 'get'>;
  emailTokens: Pick<EmailTokensRepository, 'insert' | 'invalidate' | 'invalidateForAccount'>;
}

/**
 * The outbox handler of a sign-up's mail. The single-use token is made here, at sending, and
 * only its hash is stored: the outbox row never holds a usable link. A retry after a failed send
 * makes a new token (the unsent one is never seen and expires). The link's kind follows the
 * person as they are now (confirmationLinkKind): a person without a password gets the set-password
 * link, whether or not the company asks for confirmation; a confirmed person who can sign in gets
 * nothing. A new link ends the person's older unused ones: only the newest mail works.
 */
export function confirmationMailHandler(deps: ConfirmationMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as ConfirmationMailPayload;
    if (!payload.personUid) return;
    const person = await deps.people.get(payload.personUid);
    const kind = person ? confirmationLinkKind(person) : null;
    if (!person || !kind) return;
    const token = newSecretToken();
    const now = deps.now();
    await deps.emailTokens.invalidate(person.uid, 'confirm-email', now);
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'confirm-email', personUid: person.uid, accountUid: payload.accountUid,
      expires: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000),
    });
    await deps.mailer.send(confirmationMessage(person, deps.companyName, confirmationLink(payload.confirmationUrl, token, kind), kind));
  };
}
