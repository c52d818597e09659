import nodemailer from 'nodemailer';

export interface MailMessage {
  /** One address, or several separated by commas (one message to all of them). */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, added by withListUnsubscribe). */
  headers?: Record<string, string>;
  /** The sender when not MAIL_FROM (a support reply comes from the support address; issue 20). */
  from?: string;
  /** Where the recipient's answer goes (a support case's plus-addressed reply address). */
  replyTo?: string;
  /** Files sent with the message (a receipt's invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A message as the development mailbox keeps it. */
export interface SentMail extends MailMessage {
  /** Its number in this mailbox (1, 2, …): the page links its attachments by it. */
  id: number;
  from: string;
  sent: Date;
}

export interface Mailer {
  /** smtp: SMTP_URL; dev-mailbox: kept in memory and listed at /dev/mailbox (development only); off: no mail (production without SMTP_URL). */
  readonly kind: 'smtp' | 'dev-mailbox' | 'off';
  /** Sends, or throws (the outbox then retries). */
  send(message: MailMessage): Promise<void>;
  /** The development mailbox's messages, newest first (empty for other kinds). */
  sent(): SentMail[];
  close(): void;
}

export interface MailerOptions {
  /** smtp(s)://user:pass@host:port; absent: the development mailbox, or no mail in production. */
  smtpUrl?: string | undefined;
  /** The sender, e.g. "Acme <no-reply@acme.example>". */
  from: string;
  production: boolean;
}

/** How many messages the development mailbox keeps (it lives in memory). */
const DEV_MAILBOX_SIZE = 50;

/**
 * One mailer per process, made at start-up from SMTP_URL and MAIL_FROM. Nodemailer speaks SMTP
 * (pooled connections, STARTTLS when the server offers it); without SMTP_URL, development keeps
 * mail in memory for /dev/mailbox and production has none.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Pooled (a few connections reused for many messages): a renewal run's receipts would otherwise open
    // one SMTP connection each. A `?pool=false` in SMTP_URL still turns it off (the URL's keys win).
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true }, { from: options.from });
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: m.from ?? options.from, ...(m.replyTo ? { replyTo: m.replyTo } : {}), to: m.to, subject: m.subject, text: m.text, html: m.html, ...(m.headers ? { headers: m.headers } : {}), ...(m.attachments ? { attachments: m.attachments } : {}) });
      },
      sent: () => [],
      close: () => transport.close(),
    };
  }
  if (options.production) {
    return {
      kind: 'off',
      async send() { throw new Error('Mail is off: SMTP_URL is not set.'); },
      sent: () => [],
      close: () => undefined,
    };
  }
  const box: SentMail[] = [];
  let last = 0;
  return {
    kind: 'dev-mailbox',
    async send(m) {
      box.unshift({ ...m, id: ++last, from: m.from ?? options.from, sent: new Date() });
      box.length = Math.min(box.length, DEV_MAILBOX_SIZE);
    },
    sent: () => [...box],
    close: () => undefined,
  };
}

export const DEFAULT_MAIL_FROM = 'Portico <no-reply@localhost>';

/**
 * The sender when MAIL_FROM is not set: the company's name (customers see who writes to them, not
 * "Portico") at no-reply@ the host visitors reach this server at. A display name is quoted (RFC 5322),
 * its quotes and backslashes escaped and line breaks dropped.
 */
export function defaultMailFrom(companyName: string, publicUrl: string): string {
  const name = companyName.replace(/[\r\n]+/g, ' ').trim().replace(/["\\]/g, (c) => `\\${c}`);
  const host = new URL(publicUrl).hostname || 'localhost';
  return name ? `"${name}" <no-reply@${host}>` : `no-reply@${host}`;
}
