import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../mail/mailer.ts';

export interface Received { to: string[]; raw: string }

export interface SmtpInbox {
  /** Every mail received, in order. */
  inbox: Received[];
  /** A Portico mailer that sends to this inbox over real SMTP (pass as `app.mailer` to createTestApp). */
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port for one test file: the mail goes through nodemailer and
 * SMTP exactly as in production, and the test reads what arrived (in `inbox`, the array given or a new one).
 * Start it in beforeAll, close it in afterAll.
 */
export async function startSmtpInbox(inbox: Received[] = [], from = 'Northwind <no-reply@northwind.example>'): Promise<SmtpInbox> {
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    inbox,
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, production: false }),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks and escapes undone, so a link in the mail reads whole. */
export const mailText = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
