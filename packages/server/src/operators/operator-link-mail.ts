import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import type { OperatorEmailTokensRepository, OperatorTokenPurpose } from '../registration/email-tokens.repository.ts';
import { passwordResetMessage } from '../passwords/password-reset-mail.ts';
import type { OperatorsRepository } from './operators.repository.ts';

export const OPERATOR_LINK_MAIL_TOPIC = 'mail.operator-link';
/** The console's sign-in codes: auth/sign-in-code-mail.ts's handler over the operator's codes (operators.module.ts). */
export const OPERATOR_SIGNIN_CODE_TOPIC = 'mail.operator-signin-code';

/** An invitation's link works this long: long enough for a weekend (docs/console.md "Operators"). */
export const OPERATOR_INVITE_TTL_HOURS = 72;
/** A console reset link works this long, like a member's (passwords/password-reset-mail.ts RESET_TOKEN_TTL_MINUTES). */
export const OPERATOR_RESET_TTL_MINUTES = 60;

/**
 * What an invitation or a forgot password enqueues. `operatorUid` is null for an address that names
 * no enabled operator: the request did the same work, and the handler sends nothing. No token: it
 * is made at sending, so the outbox row never holds a usable link.
 */
export interface OperatorLinkMailPayload {
  operatorUid: string | null;
  purpose: OperatorTokenPurpose;
  /** The console's page (`<public URL>/console/`); the link opens its set-password screen. */
  consoleUrl: string;
}

/** The console's set-password screen with the token, in the fragment: the browser never sends it to a server, so no log holds it. */
export function setPasswordLink(consoleUrl: string, token: string): string {
  const url = new URL(consoleUrl);
  url.hash = `/set-password?token=${encodeURIComponent(token)}`;
  return url.toString();
}

/** What an operator's password opens, in the mails (the reset mail and the sign-in code's). */
export const consolePlace = (company: string) => `your ${company} support console account`;

export function operatorInvitationMessage(to: { email: string; name: string }, companyName: string, link: string): MailMessage {
  const hello = `Hello ${to.name},`;
  const added = `You have been added to the ${companyName} support console, where the team answers chats and support cases. Choose your password here; you are signed in right after:`;
  const after = `The link works once and expires in ${OPERATOR_INVITE_TTL_HOURS} hours. You sign in with this email address, ${to.email}. If you did not expect this, ignore this email.`;
  return {
    to: to.email,
    subject: `You have been added to the ${companyName} support console`,
    text: [hello, '', added, link, '', after].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(added)}</p><p><a href="${escapeHtml(link)}">Set my password</a></p><p>${escapeHtml(after)}</p>`,
  };
}

export interface OperatorLinkMailDeps {
  mailer: Mailer;
  companyName: string;
  now: () => Date;
  operators: Pick<OperatorsRepository, 'byUid'>;
  tokens: Pick<OperatorEmailTokensRepository, 'invalidateAll' | 'insert'>;
}

/**
 * The outbox handler of an operator's invitation or reset mail, the members' rule
 * (passwords/password-reset-mail.ts): the single-use token is made here and only its hash stored;
 * the operator's older unused links of the same purpose stop working at the same moment, so only the
 * newest mail works. A disabled operator gets nothing; an invitation is not sent once the operator
 * has a password (they use 'Forgot password?').
 */
export function operatorLinkMailHandler(deps: OperatorLinkMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as OperatorLinkMailPayload;
    if (!payload.operatorUid) return;
    const operator = await deps.operators.byUid(payload.operatorUid);
    if (!operator || operator.disabled) return;
    if (payload.purpose === 'invite' && operator.passwordHash !== null) return;
    const token = newSecretToken();
    const now = deps.now();
    const life = payload.purpose === 'invite' ? OPERATOR_INVITE_TTL_HOURS * 3_600_000 : OPERATOR_RESET_TTL_MINUTES * 60_000;
    await deps.tokens.invalidateAll(operator.uid, [payload.purpose], now);
    await deps.tokens.insert({ tokenHash: tokenHash(token), purpose: payload.purpose, operatorUid: operator.uid, expires: new Date(now.getTime() + life) });
    const link = setPasswordLink(payload.consoleUrl, token);
    await deps.mailer.send(payload.purpose === 'invite'
      ? operatorInvitationMessage(operator, deps.companyName, link)
      : passwordResetMessage({ email: operator.email, firstName: operator.name }, deps.companyName, link, consolePlace, OPERATOR_RESET_TTL_MINUTES));
  };
}
