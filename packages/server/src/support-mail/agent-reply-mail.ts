import { replyAddress } from '@portico/core/operators/operator-rules';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { escapeHtml, textToHtmlParagraphs } from '../http/escape-html.ts';
import type { SupportRepository } from '../support/support.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { SupportMailRepository } from './support-mail.repository.ts';
import { replyTokenFor } from './reply-tokens.ts';

export const AGENT_REPLY_MAIL_TOPIC = 'mail.support-agent-reply';

/** What a console reply to a Website or Email case enqueues; the handler reads the case and the reply when sending. */
export interface AgentReplyMailPayload { caseUid: string; activityUid: string }

export interface AgentReplyMailDeps {
  mailer: Mailer;
  companyName: string;
  /** support.replyAddress, else support.emailAddress; null: the reply goes from MAIL_FROM with no Reply-To (answers cannot thread). */
  supportAddress: string | null;
  support: Pick<SupportRepository, 'getCase'>;
  settings: SettingsRepository;
  supportMail: SupportMailRepository;
}

/** The mail of one agent reply: from the support address, Reply-To the case's plus address, the case number in the subject. */
export function agentReplyMessage(c: { number: number; email: string; subject: string }, reply: { body: string; authorName: string | null }, o: { companyName: string; from: string | null; replyTo: string | null }): MailMessage {
  const foot = `Reply to this email to answer (case #${c.number}).`;
  const sig = `${reply.authorName ?? 'Support'}, ${o.companyName}`;
  const text = [reply.body, '', `-- ${sig}`, foot].join('\n');
  const html = `${textToHtmlParagraphs(reply.body)}<p>— ${escapeHtml(sig)}</p><p><small>${escapeHtml(foot)}</small></p>`;
  const subject = /^re:/i.test(c.subject) ? c.subject : `Re: ${c.subject}`;
  return {
    to: c.email, subject: `[#${c.number}] ${subject}`, text, html,
    ...(o.from ? { from: `${o.companyName.replace(/["\\<>]/g, '')} <${o.from}>` } : {}),
    ...(o.replyTo ? { replyTo: o.replyTo } : {}),
  };
}

/** The outbox handler (mail.support-agent-reply): a case or reply deleted before sending sends nothing. */
export function agentReplyMailHandler(deps: AgentReplyMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const { caseUid, activityUid } = message.payload as AgentReplyMailPayload;
    const found = await deps.support.getCase(caseUid);
    const reply = found?.activities.find((a) => a.uid === activityUid);
    if (!found || !reply) return;
    const token = deps.supportAddress ? await replyTokenFor({ settings: deps.settings, supportMail: deps.supportMail }, caseUid) : null;
    await deps.mailer.send(agentReplyMessage(found.case, reply, {
      companyName: deps.companyName, from: deps.supportAddress, replyTo: deps.supportAddress && token ? replyAddress(deps.supportAddress, token) : null,
    }));
  };
}
