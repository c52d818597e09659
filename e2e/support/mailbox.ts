import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface Mail { to: string[]; raw: string }

/**
 * A real SMTP server for one test file, started before the file's Portico server: call it before
 * serverPerFile(env) (vitest runs beforeAll hooks in the order they were registered), and it
 * sets SMTP_URL and MAIL_FROM in `env`. Returns the mails received, in order.
 */
export function mailboxPerFile(env: Record<string, string>): Mail[] {
  const mails: Mail[] = [];
  let smtp: SMTPServer | null = null;
  beforeAll(async () => {
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => { mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw }); done(); });
      },
    });
    smtp = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    env.MAIL_FROM ??= 'Northwind <no-reply@northwind.test>';
  });
  afterAll(async () => { await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())); });
  return mails;
}

/** Quoted-printable and soft line breaks undone, so a link reads whole. */
export const decodedMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The link carrying `param` in the newest mail to `to` received after the first `after` mails (the outbox delivers within a second or two). */
async function mailedLinkWith(mails: Mail[], to: string, param: string, after: number): Promise<string> {
  const pattern = new RegExp(`(http:\\/\\/\\S+?[?&]${param}=[A-Za-z0-9_-]{43})`);
  for (let i = 0; i < 150; i++) {
    const mail = mails.slice(after).reverse().find((m) => m.to.includes(to));
    const link = mail && pattern.exec(decodedMail(mail.raw))?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no link with ${param} mailed to ${to}`);
}

/** The password reset link of the newest mail to `to` received after the first `after` mails. */
export const mailedResetLink = (mails: Mail[], to: string, after = 0): Promise<string> => mailedLinkWith(mails, to, 'resetToken', after);

/** The set-password link of a sign-up mail (a sign-up that gave no password: docs/registration.md "The mailed link"). */
export const mailedSetPasswordLink = (mails: Mail[], to: string, after = 0): Promise<string> => mailedLinkWith(mails, to, 'confirmationToken', after);

/** The operator console's set-password link (`/console/#/set-password?token=`) of an invitation or reset mail (docs/console.md "Operators"). */
export const mailedConsoleLink = (mails: Mail[], to: string, after = 0): Promise<string> => mailedLinkWith(mails, to, 'token', after);
