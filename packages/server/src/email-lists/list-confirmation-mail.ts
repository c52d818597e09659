import { LIST_CONFIRMATION_TTL_HOURS } from '@portico/core/email-lists/subscriptions';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { escapeHtml } from '../http/escape-html.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { ConfirmationMailDeps } from '../mail/confirmation-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import { confirmationPageLink } from './list-links.ts';
import type { ListConfirmationPayload } from './subscribe-to-list.ts';

export function listConfirmationMessage(to: { email: string; firstName: string | null }, companyName: string, listName: string, link: string): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const ask = `Please confirm that you want to receive "${listName}" from ${companyName}. Open this page and press the button:`;
  const after = `The link works once and expires in ${LIST_CONFIRMATION_TTL_HOURS} hours. If you did not ask for this, ignore this email: you will not be added.`;
  return {
    to: to.email, subject: `Confirm your subscription to ${listName}`,
    text: [hello, '', ask, link, '', after].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(link)}">Confirm my subscription</a></p><p>${escapeHtml(after)}</p>`,
  };
}

/**
 * The outbox handler of a double opt-in's confirmation mail. The single-use token (purpose
 * list_confirm, data.listUid) is made at sending and only its hash stored; the link opens a page
 * whose one button POSTs it (a GET of the link changes nothing: mail scanners fetch links). Nothing
 * is sent when the person or list went away or the person is no longer waiting.
 */
export function listConfirmationMailHandler(deps: ConfirmationMailDeps & {
  config: CompanyConfig;
  list: (uid: string) => Promise<{ name: string; archived: Date | null } | null>;
  waiting: (listUid: string, personUid: string) => Promise<boolean>;
}) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as ListConfirmationPayload;
    const [person, list] = await Promise.all([deps.people.get(payload.personUid), deps.list(payload.listUid)]);
    if (!person || !list || list.archived || !(await deps.waiting(payload.listUid, payload.personUid))) return;
    const token = newSecretToken();
    const now = deps.now();
    await deps.emailTokens.insert({
      tokenHash: tokenHash(token), purpose: 'list_confirm', personUid: person.uid, accountUid: null,
      expires: new Date(now.getTime() + LIST_CONFIRMATION_TTL_HOURS * 3_600_000), data: { listUid: payload.listUid },
    });
    await deps.mailer.send(listConfirmationMessage(person, deps.companyName, list.name, confirmationPageLink(deps.config, token, payload.listUid)));
  };
}
