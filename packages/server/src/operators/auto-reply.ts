import type { UnitOfWork } from '../unit-of-work.ts';

/** The settings key the auto-reply is stored under (seeded from company config support.autoReply, changed by the admin API). */
export const AUTO_REPLY_KEY = 'console.auto-reply';
export const AUTO_REPLY_MAX_LENGTH = 2_000;

export interface AutoReply { Enabled: boolean; Text: string }

/**
 * The configurable auto-reply (issue 20): what a new chat or case is answered with, as an AutoReply
 * activity (type 7), while it is enabled. Stored as a setting; the company config gives the value
 * until the admin API sets one. SEAM (chat merge): the chat's first visitor message and the help
 * form's new case call `autoReplyFor` and append its text as an AutoReply activity.
 */
export async function autoReplyFor(uow: UnitOfWork, fallback: AutoReply): Promise<AutoReply> {
  return (await uow.settings.get<AutoReply>(AUTO_REPLY_KEY)) ?? fallback;
}

export async function setAutoReply(uow: UnitOfWork, value: AutoReply): Promise<AutoReply> {
  await uow.settings.set(AUTO_REPLY_KEY, value);
  return value;
}
