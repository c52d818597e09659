import type { ListMemberMail } from '../mail/list-unsubscribe.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { EmailListSubscriptionsRepository } from './email-list-subscriptions.repository.ts';
import { personLinks, type PersonLinkTokens } from './list-links.ts';

/** For mail/list-unsubscribe.ts: the List-Unsubscribe headers and preferences link of a mail to this address, or null when it is on no list. */
export function listMemberHeaders(o: { subscriptions: Pick<EmailListSubscriptionsRepository, 'memberByEmail'>; tokens: PersonLinkTokens; config: CompanyConfig; clock: ServerClock }) {
  return async (to: string): Promise<ListMemberMail | null> => {
    const personUid = await o.subscriptions.memberByEmail(to);
    if (!personUid) return null;
    const links = personLinks(o.config, await o.tokens.issue(personUid, o.clock.now()));
    return { headers: links.headers, preferencesUrl: links.preferencesUrl };
  };
}
