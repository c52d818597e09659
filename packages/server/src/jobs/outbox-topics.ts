import type { OutboxHandler } from './outbox-worker.ts';
import type { OutboxTopic } from './outbox.repository.ts';
import { signupWebhookHandler, type SignupWebhookConfig } from '../webhooks/signup-webhook.ts';
import { confirmationMailHandler, type ConfirmationMailDeps } from '../mail/confirmation-mail.ts';
import { passwordResetMailHandler } from '../passwords/password-reset-mail.ts';
import { inviteMailHandler, type InviteMailDeps } from '../team/invite-mail.ts';
import { signInCodeMailHandler, type SignInCodeMailDeps } from '../auth/sign-in-code-mail.ts';
import { emailChangeMailHandler, emailChangeNoticeHandler } from '../email-change/email-change-mail.ts';
import { receiptMailHandler } from '../mail/receipt-mail.ts';

export interface OutboxHandlerDeps {
  /** Absent when the config has no sign-up webhook: its messages then wait in the table. */
  signupWebhook?: SignupWebhookConfig | undefined;
  accounts: { setClientIdentifier(accountUid: string, id: string): Promise<void> };
  /** Confirmation mail of 'Almost done' sign-ups (mail/confirmation-mail.ts); absent: those messages wait in the table. */
  confirmationMail?: ConfirmationMailDeps | undefined;
  /** The team invitation's membership check (its mail also needs confirmationMail's mailer, people and tokens). */
  teamMembership?: InviteMailDeps['team'] | undefined;
  /** The mailed sign-in code's store and audit log (its mail also needs confirmationMail's mailer and people). */
  signInCodes?: Pick<SignInCodeMailDeps, 'codes' | 'auditLog'> | undefined;
}

/** Every topic the outbox delivers and its handler, in one table (mail joins it later). */
export function outboxHandlers(deps: OutboxHandlerDeps): Partial<Record<OutboxTopic, OutboxHandler>> {
  return {
    ...(deps.signupWebhook ? { 'signup.webhook': signupWebhookHandler(deps.signupWebhook, deps.accounts) } : {}),
    ...(deps.confirmationMail ? { 'mail.confirmation': confirmationMailHandler(deps.confirmationMail) } : {}),
    // Forgot-password mail uses the same mailer, people and email tokens.
    ...(deps.confirmationMail ? { 'mail.password-reset': passwordResetMailHandler(deps.confirmationMail) } : {}),
    ...(deps.confirmationMail && deps.teamMembership ? { 'mail.invite': inviteMailHandler({ ...deps.confirmationMail, team: deps.teamMembership }) } : {}),
    ...(deps.confirmationMail && deps.signInCodes ? { 'mail.signin-code': signInCodeMailHandler({ ...deps.confirmationMail, ...deps.signInCodes }) } : {}),
    // The email change's link to the new address and its notice (with the undo link) to the old one.
    ...(deps.confirmationMail ? { 'mail.email-change': emailChangeMailHandler(deps.confirmationMail), 'mail.email-change-notice': emailChangeNoticeHandler(deps.confirmationMail) } : {}),
    // The receipt of a paid sign-up, enqueued when its payment is booked (mail/receipt-mail.ts).
    ...(deps.confirmationMail ? { 'mail.receipt': receiptMailHandler(deps.confirmationMail) } : {}),
  };
}
