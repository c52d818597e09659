import { PREFERENCES_LINK_TTL_DAYS } from '@portico/core/email-lists/subscriptions';
import { ErrorCode } from '@portico/core';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { AppError } from '../http/app-error.ts';
import { escapeHtml } from '../http/escape-html.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { ConfirmationMailDeps } from '../mail/confirmation-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { personLinks, type PersonLinkTokens } from './list-links.ts';
import type { PreferencesDeps } from './preferences.ts';

export const PREFERENCES_LINK_MAIL_TOPIC = 'mail.preferences-link' as const;

/** The outbox payload: null when the address names nobody (the handler then sends nothing). */
export interface PreferencesLinkPayload { personUid: string | null }

export function preferencesLinkMessage(to: { email: string; firstName: string | null }, companyName: string, link: string): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const lead = `Here is your link to choose the emails you get from ${companyName}:`;
  const after = `The link works for ${PREFERENCES_LINK_TTL_DAYS} days. If you did not ask for it, ignore this email: nothing changes.`;
  return {
    to: to.email, subject: `Your email preferences at ${companyName}`,
    text: [hello, '', lead, link, '', after].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Choose my emails</a></p><p>${escapeHtml(after)}</p>`,
  };
}

/**
 * POST /public/email-lists/link ('Email me a new link' on an expired preferences link): the same
 * answer, after the same work, whether or not the address names a person: one outbox message either way
 * (with no person for an unknown address, which the handler skips), so neither the answer nor its
 * time tells who is on the lists. The token is made when the mail is sent.
 */
export async function requestPreferencesLink(deps: Pick<PreferencesDeps, 'uow' | 'wakeOutbox'> & { mailOff: boolean }, email: string): Promise<void> {
  if (deps.mailOff) throw new AppError(ErrorCode.MailUnavailable);
  const person = await deps.uow.signIn.personByEmail(email.trim());
  const payload: PreferencesLinkPayload = { personUid: person?.uid ?? null };
  await deps.uow.transaction((repos) => repos.outbox.enqueue(PREFERENCES_LINK_MAIL_TOPIC, payload));
  deps.wakeOutbox();
}

/** The outbox handler: a fresh person token and the preferences page link, to the person's current address. */
export function preferencesLinkMailHandler(deps: Pick<ConfirmationMailDeps, 'mailer' | 'companyName' | 'now' | 'people'> & { config: CompanyConfig; tokens: PersonLinkTokens }) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const { personUid } = message.payload as PreferencesLinkPayload;
    const person = personUid ? await deps.people.get(personUid) : null;
    if (!person) return;
    const token = await deps.tokens.issue(person.uid, deps.now());
    await deps.mailer.send(preferencesLinkMessage(person, deps.companyName, personLinks(deps.config, token).preferencesUrl));
  };
}
