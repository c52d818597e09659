import { escapeHtml } from '../http/escape-html.ts';
import type { Mailer } from './mailer.ts';

/** What a mail to a list member gets: the RFC 8058 headers and the person's preferences page. */
export interface ListMemberMail { headers: Record<string, string>; preferencesUrl: string }

export const PREFERENCES_FOOTER = 'Manage your email preferences or unsubscribe:';

/**
 * RFC 8058 in one place: every mail Portico sends to one address that is on an email list carries
 * `List-Unsubscribe` (the https one-click URL, and a mailto when configured) and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and a footer with the person's preferences
 * link in its text and HTML parts, whichever builder made it. app.ts wraps the one mailer with this;
 * `memberOf` (email-lists/list-member-headers.ts) answers null for an address on no list. A message
 * to several addresses gets none (one link names one person).
 */
export function withListUnsubscribe(mailer: Mailer, memberOf: (to: string) => Promise<ListMemberMail | null>): Mailer {
  return {
    kind: mailer.kind,
    async send(m) {
      const member = m.to.includes(',') ? null : await memberOf(m.to.trim());
      if (!member) return mailer.send(m);
      await mailer.send({
        ...m,
        headers: { ...m.headers, ...member.headers },
        text: `${m.text}\n\n--\n${PREFERENCES_FOOTER}\n${member.preferencesUrl}\n`,
        html: `${m.html}<hr><p style="font-size:12px;color:#666">${escapeHtml(PREFERENCES_FOOTER)} <a href="${escapeHtml(member.preferencesUrl)}">Email preferences</a></p>`,
      });
    },
    sent: () => mailer.sent(),
    close: () => mailer.close(),
  };
}
