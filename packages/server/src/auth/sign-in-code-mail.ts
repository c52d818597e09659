import type { PeopleRepository } from '../accounts/people.repository.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import { newUid } from '../ids/new-uid.ts';
import type { AuditLogRepository } from './audit-log.repository.ts';
import type { SignInCodesRepository } from './sign-in-codes.repository.ts';
import {
  newCodeSalt, newSignInCode, signInCodeHash, SIGNIN_CODE_MAX_GUESSES, SIGNIN_CODE_REUSE_MINUTES, SIGNIN_CODE_TTL_MINUTES,
} from './sign-in-code.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const SIGNIN_CODE_MAIL_TOPIC = 'mail.signin-code';

/**
 * What a tripped sign-in enqueues, right password or not (the same write either way). `personUid`
 * is null when the password was wrong or the person's code mails are used up: nothing is sent.
 */
export interface SignInCodeMailPayload {
  personUid: string | null;
  /** 'Send a new code': a new code even while the last one is live. */
  fresh: boolean;
}

export interface SignInCodeMailDeps {
  mailer: Mailer;
  companyName: string;
  now: () => Date;
  people: Pick<PeopleRepository, 'get'>;
  codes: Pick<SignInCodesRepository, 'live' | 'replace'>;
  auditLog: Pick<AuditLogRepository, 'append'>;
}

export function signInCodeMessage(to: { email: string; firstName: string | null }, companyName: string, code: string): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const why = `There were many failed attempts to sign in to your ${companyName} account, so a browser we do not know needs this code as well as the password:`;
  const after = `The code works once and expires in ${SIGNIN_CODE_TTL_MINUTES} minutes.`;
  const notYou = 'If you did not just sign in, someone knows your password: reset it now with "Forgot password?" on the sign-in screen.';
  const text = [hello, '', why, '', `    ${code}`, '', after, notYou].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(why)}</p>`
    + `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${escapeHtml(after)}</p><p>${escapeHtml(notYou)}</p>`;
  return { to: to.email, subject: `Your ${companyName} sign-in code`, text, html };
}

/**
 * The outbox handler of a sign-in code. The code is made here, at sending, and only its salted
 * hash is stored (the outbox row never holds it). Unless the person asked for a new one, no mail
 * goes out while their last code still has SIGNIN_CODE_REUSE_MINUTES to live: that mail is the
 * one to use. A new code ends the older one.
 */
export function signInCodeMailHandler(deps: SignInCodeMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as SignInCodeMailPayload;
    if (!payload.personUid) return;
    const person = await deps.people.get(payload.personUid);
    if (!person) return;
    const now = deps.now();
    const live = await deps.codes.live(person.uid, now, SIGNIN_CODE_MAX_GUESSES);
    if (!payload.fresh && live && live.expires.getTime() - now.getTime() >= SIGNIN_CODE_REUSE_MINUTES * 60_000) return;
    const code = newSignInCode();
    const salt = newCodeSalt();
    await deps.codes.replace({ tokenHash: signInCodeHash(salt, code), salt, personUid: person.uid, at: now, expires: new Date(now.getTime() + SIGNIN_CODE_TTL_MINUTES * 60_000) });
    await deps.mailer.send(signInCodeMessage(person, deps.companyName, code));
    await deps.auditLog.append({ uid: newUid(), at: now, action: 'signin.code-sent', actor: person.uid, target: person.email.toLowerCase(), ip: null, detail: { fresh: payload.fresh } });
  };
}
