import { sql } from 'drizzle-orm';
import { mailText, type Received } from '../testing/smtp-inbox.ts';
import type { TestApp } from '../testing/create-test-app.ts';

/** One header of a raw mail, unfolded (RFC 5322 folding joins with whitespace). */
export function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(head);
  return m ? m[1]!.trim() : null;
}

/** The one-click URL and person token a mail's List-Unsubscribe carries. */
export function oneClickOf(mail: Received): { url: URL; token: string } | null {
  const value = header(mail.raw, 'List-Unsubscribe');
  const m = value ? /<(https?:[^>]+)>/.exec(value) : null;
  if (!m) return null;
  const url = new URL(m[1]!);
  return { url, token: url.searchParams.get('token')! };
}

/** The double opt-in page link in a confirmation mail's text. */
export function confirmationLinkOf(mail: Received): URL | null {
  const m = /(https?:\/\/\S*listConfirmToken=[A-Za-z0-9_-]{43}\S*)/.exec(mailText(mail.raw));
  return m ? new URL(m[1]!) : null;
}

export async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(query) as unknown as { rows: T[] }).rows;
}

export const statusOf = async (t: TestApp, personUid: string, listUid: string) =>
  (await rows<{ status: string }>(t, sql`select status from email_list_subscriptions where person_uid = ${personUid} and list_uid = ${listUid}`))[0]?.status ?? null;

export const consentsOf = (t: TestApp, personUid: string) =>
  rows<{ action: string; source: string; list_uid: string; ip: string | null }>(t, sql`select action, source, list_uid, ip from email_list_consents where person_uid = ${personUid} order by at, uid`);
