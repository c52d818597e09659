import {
  EMAIL_CHANGE_TOKEN_PARAM, EMAIL_CHANGE_TTL_HOURS, EMAIL_CHANGE_UNDO_TOKEN_PARAM, EMAIL_CHANGE_UNDO_TTL_DAYS,
} from '@portico/core/profile/email-change';
import type { ConfirmationMailDeps } from '../mail/confirmation-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const EMAIL_CHANGE_MAIL_TOPIC = 'mail.email-change';
export const EMAIL_CHANGE_NOTICE_TOPIC = 'mail.email-change-notice';

/** What a request enqueues: the link to the new address. No token: it is made at sending. */
export interface EmailChangeMailPayload {
  personUid: string;
  newEmail: string;
  /** A site page (checked at the request); the token is added as `emailChangeToken`. */
  linkPage: string;
  /** The session that asked; with `endOtherSessions`, every other one ends when the link is used. */
  sessionUid: string;
  endOtherSessions: boolean;
}

/** What a confirmed change enqueues: the notice to the old address, with the undo link. */
export interface EmailChangeNoticePayload {
  personUid: string;
  oldEmail: string;
  newEmail: string;
  linkPage: string;
}

export function linkWith(page: string, param: string, token: string): string {
  const url = new URL(page);
  url.searchParams.set(param, token);
  return url.toString();
}

export function emailChangeMessage(to: string, firstName: string | null, companyName: string, link: string): MailMessage {
  const hello = firstName ? `Hello ${firstName},` : 'Hello,';
  const ask = `You asked to use this address for your ${companyName} account. Confirm it here:`;
  const after = `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until then your account keeps its current email. If you did not ask for this, ignore this email.`;
  return {
    to, subject: `Confirm your new email for ${companyName}`,
    text: [hello, '', ask, link, '', after].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(link)}">Confirm my new email</a></p><p>${escapeHtml(after)}</p>`,
  };
}

export function emailChangeNoticeMessage(to: string, firstName: string | null, companyName: string, newEmail: string, link: string): MailMessage {
  const hello = firstName ? `Hello ${firstName},` : 'Hello,';
  const what = `The email of your ${companyName} account was changed to ${newEmail}. This address no longer signs in.`;
  const undo = `If you did not do this, undo it here: your old email comes back, everyone is signed out, and you choose a new password.`;
  const after = `The link works once and expires in ${EMAIL_CHANGE_UNDO_TTL_DAYS} days. If you made the change, there is nothing to do.`;
  return {
    to, subject: `Your ${companyName} email was changed`,
    text: [hello, '', what, '', undo, link, '', after].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)}</p><p>${escapeHtml(undo)}</p><p><a href="${escapeHtml(link)}">This was not me: undo the change</a></p><p>${escapeHtml(after)}</p>`,
  };
}

/**
 * The outbox handler of the link to the new address. The single-use token is made at sending and
 * only its hash is stored, with the new address and what the confirmation needs in `data`; the
 * person's older unused email-change links stop working at the same moment, so only the newest works.
 */
export function emailChangeMailHandler(deps: ConfirmationMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as EmailChangeMailPayload;
    const person = await deps.people.get(payload.personUid);
    if (!person) return;
    const token = newSecretToken();
    const now = deps.now();
    await deps.emailTokens.invalidate(person.uid, 'email_change', now);
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'email_change', personUid: person.uid, accountUid: null,
      expires: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
      data: { newEmail: payload.newEmail, linkPage: payload.linkPage, sessionUid: payload.sessionUid, endOtherSessions: payload.endOtherSessions },
    });
    await deps.mailer.send(emailChangeMessage(payload.newEmail, person.firstName, deps.companyName, linkWith(payload.linkPage, EMAIL_CHANGE_TOKEN_PARAM, token)));
  };
}

/**
 * The outbox handler of the notice to the old address, with its undo link (single use, stored as
 * its hash, `data.oldEmail`). Earlier undo links are left working: after two changes, the first
 * address can still take the account back.
 */
export function emailChangeNoticeHandler(deps: ConfirmationMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as EmailChangeNoticePayload;
    const person = await deps.people.get(payload.personUid);
    if (!person) return;
    const token = newSecretToken();
    const now = deps.now();
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'email_change_undo', personUid: person.uid, accountUid: null,
      expires: new Date(now.getTime() + EMAIL_CHANGE_UNDO_TTL_DAYS * 86_400_000),
      data: { oldEmail: payload.oldEmail, newEmail: payload.newEmail },
    });
    await deps.mailer.send(emailChangeNoticeMessage(payload.oldEmail, person.firstName, deps.companyName, payload.newEmail, linkWith(payload.linkPage, EMAIL_CHANGE_UNDO_TOKEN_PARAM, token)));
  };
}
