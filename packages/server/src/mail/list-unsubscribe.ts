import type { Mailer } from './mailer.ts';

/**
 * RFC 8058 in one place: every mail Portico sends to one address that is on an email list carries
 * `List-Unsubscribe` (the https one-click URL, and a mailto when configured) and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, whichever builder made it. app.ts wraps the
 * one mailer with this; `headersFor` (email-lists/list-member-headers.ts) answers null for an
 * address on no list. A message to several addresses gets none (one link names one person).
 */
export function withListUnsubscribe(mailer: Mailer, headersFor: (to: string) => Promise<Record<string, string> | null>): Mailer {
  return {
    kind: mailer.kind,
    async send(m) {
      const extra = m.to.includes(',') ? null : await headersFor(m.to.trim());
      await mailer.send(extra ? { ...m, headers: { ...m.headers, ...extra } } : m);
    },
    sent: () => mailer.sent(),
    close: () => mailer.close(),
  };
}
