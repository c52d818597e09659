import { ActivityType } from '@portico/core/support/support-limits';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { escapeHtml, textToHtmlParagraphs } from '../http/escape-html.ts';
import type { SupportRepository } from './support.repository.ts';

export const SUPPORT_ACK_MAIL_TOPIC = 'mail.support-ack';
export const SUPPORT_NOTICE_MAIL_TOPIC = 'mail.support-notice';

/** What a new case enqueues (twice: the acknowledgement and the notice); the handlers read the case when sending. */
export interface SupportMailPayload {
  caseUid: string;
}

export interface SupportMailDeps {
  mailer: Mailer;
  companyName: string;
  /** The company's support address (company config support.emailAddress); null: no notice is sent. */
  supportAddress: string | null;
  support: Pick<SupportRepository, 'getCase' | 'attachmentData'>;
}


/** To the sender: we have it, here is its number and what you wrote. */
export function acknowledgementMessage(c: { number: number; email: string; subject: string }, body: string, companyName: string, autoReply: string | null = null): MailMessage {
  const intro = `Thank you for contacting ${companyName}. We received your request and will be in touch soon.`;
  const ref = `Your case number is #${c.number}. Quote this number if you write to us again.`;
  // The company's auto-reply (docs/console.md "Auto-reply"), when on, comes right after the thanks.
  const text = [intro, ...(autoReply ? ['', autoReply] : []), '', ref, '', `Subject: ${c.subject}`, '', body].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>${autoReply ? textToHtmlParagraphs(autoReply) : ''}<p>${escapeHtml(ref)}</p><p><strong>Subject:</strong> ${escapeHtml(c.subject)}</p>${textToHtmlParagraphs(body)}`;
  return { to: c.email, subject: `[#${c.number}] We received your request: ${c.subject}`, text, html };
}

/** To the company's support address: the case as sent, with its attachments. */
export function noticeMessage(c: { number: number; email: string; subject: string; uid: string }, body: string, to: string): MailMessage {
  const head = `New help request #${c.number} from ${c.email} (case ${c.uid}).`;
  const text = [head, '', `Subject: ${c.subject}`, '', body].join('\n');
  const html = `<p>${escapeHtml(head)}</p><p><strong>Subject:</strong> ${escapeHtml(c.subject)}</p>${textToHtmlParagraphs(body)}`;
  return { to, subject: `[#${c.number}] ${c.subject}`, text, html };
}

async function loadCase(deps: SupportMailDeps, message: Pick<OutboxMessage, 'payload'>) {
  const found = await deps.support.getCase((message.payload as SupportMailPayload).caseUid);
  if (!found) return null;
  const first = (type: number) => found.activities.find((a) => a.type === type)?.body ?? null;
  return { found, body: first(ActivityType.PersonReply) ?? '', autoReply: first(ActivityType.AutoReply) };
}

/** The acknowledgement's outbox handler (a case deleted before sending sends nothing). */
export function supportAckMailHandler(deps: SupportMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const loaded = await loadCase(deps, message);
    if (!loaded) return;
    await deps.mailer.send(acknowledgementMessage(loaded.found.case, loaded.body, deps.companyName, loaded.autoReply));
  };
}

/** The support address's notice, with the attachments (at most 5 × 2 MB). */
export function supportNoticeMailHandler(deps: SupportMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    if (!deps.supportAddress) return;
    const loaded = await loadCase(deps, message);
    if (!loaded) return;
    const { found } = loaded;
    const attachments = [];
    for (const a of found.attachments) {
      const data = await deps.support.attachmentData(found.case.uid, a.uid);
      if (data) attachments.push({ filename: a.name, content: data.bytes, contentType: a.contentType });
    }
    await deps.mailer.send({ ...noticeMessage(found.case, loaded.body, deps.supportAddress), attachments });
  };
}
