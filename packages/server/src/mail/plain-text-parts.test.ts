import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { paymentFailedMessage } from '../collection/payment-failed-mail.ts';
import { signInCodeMessage } from '../auth/sign-in-code-mail.ts';
import { inviteMessage } from '../team/invite-mail.ts';
import { confirmationMessage } from './confirmation-mail.ts';
import { receiptMessage } from './receipt-mail.ts';
import { emailChangeMessage, emailChangeNoticeMessage } from '../email-change/email-change-mail.ts';
import { passwordResetMessage } from '../passwords/password-reset-mail.ts';
import { listConfirmationMessage } from '../email-lists/list-confirmation-mail.ts';
import { preferencesLinkMessage } from '../email-lists/preferences-link-mail.ts';
import { acknowledgementMessage, noticeMessage } from '../support/support-mail.ts';
import type { MailMessage } from './mailer.ts';
import { withListUnsubscribe } from './list-unsubscribe.ts';
import { createMailer } from './mailer.ts';
import { agentReplyMessage } from '../support-mail/agent-reply-mail.ts';
import { operatorInvitationMessage } from '../operators/operator-link-mail.ts';

/**
 * Issue 18: every mail Portico sends has a plain-text part that says what the HTML says (mail
 * providers and screen readers read it; a spam filter scores a mail without one). Each builder is
 * called here; a builder added later without a row fails the inventory test below, by name.
 */
const LINK = 'https://acme.example/?token=abc';
const to = { email: 'ada@example.com', firstName: 'Ada' };
const config = loadCompanyConfig();
const BUILDERS: Record<string, () => MailMessage> = {
  paymentFailedMessage: () => paymentFailedMessage(to, 'Acme', config, { accountUid: 'a', invoiceUid: 'i', invoiceNumber: 7, amount: 1000, currency: 'USD', reason: 'declined', providerMessage: 'Insufficient funds.', nextAttemptAt: null }),
  signInCodeMessage: () => signInCodeMessage(to, 'Acme', '123456'),
  inviteMessage: () => inviteMessage(to, 'Acme', 'Grace', LINK),
  confirmationMessage: () => confirmationMessage(to, 'Acme', LINK),
  receiptMessage: () => receiptMessage(to, 'Acme', {
    invoiceNumber: 7, invoiceDate: '2026-01-31', currency: 'USD', amountPaid: 94800, tax: 0, discount: 0,
    plan: 'Pro', term: 'Yearly', card: { brand: null, last4: '0005' }, next: { date: '2027-01-31', amount: 94800, endsTrial: false, chargedAutomatically: true },
  }),
  emailChangeMessage: () => emailChangeMessage(to.email, 'Ada', 'Acme', LINK),
  emailChangeNoticeMessage: () => emailChangeNoticeMessage(to.email, 'Ada', 'Acme', 'new@example.com', LINK),
  passwordResetMessage: () => passwordResetMessage(to, 'Acme', LINK),
  operatorInvitationMessage: () => operatorInvitationMessage({ email: to.email, name: 'Ada Lovelace' }, 'Acme', 'https://acme.example/console/#/set-password?token=abc'),
  listConfirmationMessage: () => listConfirmationMessage(to, 'Acme', 'News', LINK),
  preferencesLinkMessage: () => preferencesLinkMessage(to, 'Acme', LINK),
  acknowledgementMessage: () => acknowledgementMessage({ number: 12, email: to.email, subject: 'Invoice question' }, 'Why was I charged twice?\n\nThanks, Ada', 'Acme'),
  noticeMessage: () => noticeMessage({ number: 12, email: to.email, subject: 'Invoice question', uid: 'case1' }, 'Why was I charged twice?', 'support@acme.example'),
  agentReplyMessage: () => agentReplyMessage({ number: 12, email: to.email, subject: 'Invoice question' }, { body: 'We refunded the second charge.\n\nMira', authorName: 'Mira Patel' }, { companyName: 'Acme', from: 'help@acme.example', replyTo: 'help+abcdefghijklmnopqrstuvwxyz234567@acme.example' }),
};

const decode = (html: string) => html.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(parseInt(n, 16))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

function builderNames(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) builderNames(path, out);
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/export function (\w+)\([^)]*\)[^{]*:\s*MailMessage\s*\{/g)) out.push(m[1]!);
    }
  }
  return out;
}

describe('every mail has a plain-text part', () => {
  it('the inventory: every exported builder of a MailMessage is checked here', () => {
    expect(builderNames(join(import.meta.dirname, '..')).sort()).toEqual(Object.keys(BUILDERS).sort());
  });

  it.for(Object.keys(BUILDERS))('%s: a text part with every link and the words of its HTML', (name) => {
    const m = BUILDERS[name]!();
    expect(m.text.trim().length).toBeGreaterThan(40);
    expect(m.text).not.toMatch(/<[a-z][^>]*>/i); // text, not markup
    for (const href of m.html.matchAll(/href="([^"]+)"/g)) expect(m.text).toContain(decode(href[1]!));
    expect(visibleText(m.html).length).toBeGreaterThan(0);
  });

  it('the list-member footer is added to both parts, with the RFC 8058 headers', async () => {
    const inner = createMailer({ from: 'x@example.com', production: false });
    const mailer = withListUnsubscribe(inner, async () => ({ headers: { 'List-Unsubscribe': '<https://s/one-click?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }, preferencesUrl: 'https://acme.example/?portico_lists=manage&listsToken=t' }));
    await mailer.send(BUILDERS.passwordResetMessage!());
    const [sent] = inner.sent();
    expect(sent!.headers).toEqual({ 'List-Unsubscribe': '<https://s/one-click?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent!.text).toContain('https://acme.example/?portico_lists=manage&listsToken=t');
    expect(decode(sent!.html)).toContain('href="https://acme.example/?portico_lists=manage&listsToken=t"');
  });
});
