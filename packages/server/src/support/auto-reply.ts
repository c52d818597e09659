import { ActivityType } from '@portico/core/support/support-limits';
import { textToHtmlParagraphs } from '../http/escape-html.ts';
import { newUid } from '../ids/new-uid.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/** The settings key the auto-reply is stored under (seeded from company config support.autoReply, changed by the admin API and the console). */
export const AUTO_REPLY_KEY = 'console.auto-reply';
export const AUTO_REPLY_MAX_LENGTH = 2_000;

export interface AutoReply { Enabled: boolean; Text: string }

/**
 * The configurable auto-reply (issue 20; docs/console.md "Auto-reply"): what a new chat or help request is
 * answered with at once, while it is enabled. Stored as a setting; the company config gives the value until
 * the admin API or an admin operator sets one. It lives with the cases (support/) because both the chat's
 * first message and the help form's new case write it; the console only edits it.
 */
/** Where a new case's auto-reply comes from: the company config's value (until one is stored) and the company's name as its author. */
export const autoReplySource = (config: CompanyConfig): { fallback: AutoReply; companyName: string } => ({
  fallback: config.support.autoReply ?? { Enabled: false, Text: '' }, companyName: config.company.name,
});

export async function autoReplyFor(repos: Pick<UnitOfWork, 'settings'>, fallback: AutoReply): Promise<AutoReply> {
  return (await repos.settings.get<AutoReply>(AUTO_REPLY_KEY)) ?? fallback;
}

export async function setAutoReply(uow: Pick<UnitOfWork, 'settings'>, value: AutoReply): Promise<AutoReply> {
  await uow.settings.set(AUTO_REPLY_KEY, value);
  return value;
}

/**
 * The AutoReply activity (type 7) for a new case, or null while the auto-reply is off. Its author is the
 * company (kind system: it never makes a case unread). `html`: a chat shows an operator's message as rich
 * text, so the plain text is escaped into paragraphs; a help request's case holds text.
 */
export async function autoReplyActivity(repos: Pick<UnitOfWork, 'settings'>, o: { fallback: AutoReply; companyName: string; created: Date; html: boolean }) {
  const reply = await autoReplyFor(repos, o.fallback);
  if (!reply.Enabled || reply.Text.trim() === '') return null;
  const text = reply.Text.trim();
  const body = o.html ? textToHtmlParagraphs(text) : text;
  return { uid: newUid(), type: ActivityType.AutoReply, body, authorKind: 'system' as const, authorName: o.companyName, authorEmail: null, created: o.created };
}
