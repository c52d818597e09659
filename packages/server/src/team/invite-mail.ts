import { INVITE_TTL_DAYS } from '@portico/core/team/team-rules';
import type { PeopleRepository } from '../accounts/people.repository.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { EmailTokensRepository } from '../registration/email-tokens.repository.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import type { TeamRepository } from './team.repository.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const INVITE_MAIL_TOPIC = 'mail.invite';

/** What an invitation enqueues. No token: it is made at sending, so the outbox row holds no usable link. */
export interface InviteMailPayload {
  personUid: string;
  accountUid: string;
  /** An allowed site page (checked when inviting); the token is added as `resetToken`. */
  linkBase: string;
  /** Who invited, as the mail names them. */
  invitedBy: string;
}

export function inviteLink(linkBase: string, token: string): string {
  const url = new URL(linkBase);
  url.searchParams.set('resetToken', token);
  return url.toString();
}

export function inviteMessage(to: { email: string; firstName: string | null }, companyName: string, invitedBy: string, link: string): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const invite = `${invitedBy} invited you to join their team on ${companyName}.`;
  const how = 'Set your password to join (if you already have one, setting a new one replaces it):';
  const expiry = `The link works once and expires in ${INVITE_TTL_DAYS} days. If you were not expecting this, ignore this email.`;
  return {
    to: to.email,
    subject: `You are invited to join ${companyName}`,
    text: [hello, '', invite, how, link, '', expiry].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(invite)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(link)}">Set my password and join</a></p><p>${escapeHtml(expiry)}</p>`,
  };
}

export interface InviteMailDeps {
  mailer: Mailer;
  companyName: string;
  now: () => Date;
  people: Pick<PeopleRepository, 'get'>;
  emailTokens: Pick<EmailTokensRepository, 'insert' | 'invalidateForAccount'>;
  team: Pick<TeamRepository, 'isMember'>;
}

/**
 * The outbox handler of an invitation: a single-use 'invite' token tied to the account, only its
 * hash stored, made at sending (a retry makes a new one; the unsent one is never seen). Nothing is
 * sent to someone removed from the account before the mail went out.
 */
export function inviteMailHandler(deps: InviteMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as InviteMailPayload;
    const person = await deps.people.get(payload.personUid);
    if (!person || !(await deps.team.isMember(person.uid, payload.accountUid))) return;
    const token = newSecretToken();
    const now = deps.now();
    // A resent invitation: only the newest link works (an older mail forwarded or leaked opens nothing).
    await deps.emailTokens.invalidateForAccount(person.uid, 'invite', payload.accountUid, now);
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'invite', personUid: person.uid, accountUid: payload.accountUid,
      expires: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
    });
    await deps.mailer.send(inviteMessage(person, deps.companyName, payload.invitedBy, inviteLink(payload.linkBase, token)));
  };
}
