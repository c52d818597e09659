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
 * What a tripped sign-in enqueues, right password or not (the same write either way). `subjectUid`
 * (a person on `mail.signin-code`, an operator on the console's topic) is null when the password was
 * wrong or the code mails are used up: nothing is sent.
 */
export interface SignInCodeMailPayload {
  subjectUid: string | null;
  /** 'Send a new code': a new code even while the last one is live. */
  fresh: boolean;
}

/** Who a code is mailed to, read when it is sent. */
export interface CodeRecipient { uid: string; email: string; firstName: string | null }

export interface SignInCodeMailDeps {
  mailer: Mailer;
  companyName: string;
  now: () => Date;
  /** The recipient by uid (people's: `people.get`; the console's: the operator, unless disabled). */
  recipient: (uid: string) => Promise<CodeRecipient | null>;
  codes: Pick<SignInCodesRepository, 'live' | 'replace'>;
  auditLog: Pick<AuditLogRepository, 'append'>;
  /** What the code signs in to, in the mail: "your Northwind account" (default) or "the Northwind support console". */
  place?: (companyName: string) => string;
  /** Merged into the audit row's detail (the console's `{ console: true }`). */
  auditDetail?: Record<string, unknown>;
}

/** People's recipient: the person row. */
export const personRecipient = (people: Pick<PeopleRepository, 'get'>) => async (uid: string): Promise<CodeRecipient | null> => {
  const p = await people.get(uid);
  return p ? { uid: p.uid, email: p.email, firstName: p.firstName } : null;
};

const accountOf = (companyName: string) => `your ${companyName} account`;

export function signInCodeMessage(to: { email: string; firstName: string | null }, companyName: string, code: string, place = accountOf): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const why = `There were many failed attempts to sign in to ${place(companyName)}, so a browser we do not know needs this code as well as the password:`;
  const after = `The code works once and expires in ${SIGNIN_CODE_TTL_MINUTES} minutes.`;
  const notYou = 'If you did not just sign in, someone knows your password: reset it now with "Forgot password?" on the sign-in screen.';
  const text = [hello, '', why, '', `    ${code}`, '', after, notYou].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(why)}</p>`
    + `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${escapeHtml(after)}</p><p>${escapeHtml(notYou)}</p>`;
  return { to: to.email, subject: `Your ${companyName} sign-in code`, text, html };
}

/**
 * The outbox handler of a sign-in code (members' and the console's, each with its recipient and
 * codes repository). The code is made here, at sending, and only its salted hash is stored (the
 * outbox row never holds it). Unless the owner asked for a new one, no mail goes out while their last
 * code still has SIGNIN_CODE_REUSE_MINUTES to live: that mail is the one to use. A new code ends the older one.
 */
export function signInCodeMailHandler(deps: SignInCodeMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    // `personUid`: a row written before the payload was named for any subject.
    const payload = message.payload as SignInCodeMailPayload & { personUid?: string | null };
    const uid = payload.subjectUid ?? payload.personUid ?? null;
    if (!uid) return;
    const to = await deps.recipient(uid);
    if (!to) return;
    const now = deps.now();
    const live = await deps.codes.live(to.uid, now, SIGNIN_CODE_MAX_GUESSES);
    if (!payload.fresh && live && live.expires.getTime() - now.getTime() >= SIGNIN_CODE_REUSE_MINUTES * 60_000) return;
    const code = newSignInCode();
    const salt = newCodeSalt();
    await deps.codes.replace({ tokenHash: signInCodeHash(salt, code), salt, ownerUid: to.uid, at: now, expires: new Date(now.getTime() + SIGNIN_CODE_TTL_MINUTES * 60_000) });
    await deps.mailer.send(signInCodeMessage(to, deps.companyName, code, deps.place));
    await deps.auditLog.append({ uid: newUid(), at: now, action: 'signin.code-sent', actor: to.uid, target: to.email.toLowerCase(), ip: null, detail: { fresh: payload.fresh, ...deps.auditDetail } });
  };
}
