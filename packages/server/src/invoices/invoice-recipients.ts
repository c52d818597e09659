import type { Repositories } from '../unit-of-work.ts';

/**
 * Who an account's invoices and receipts go to (spec 2 section 6 "Invoice recipients"): the people
 * marked ReceiveInvoices who have joined the account; the primary contact when no one is marked.
 */
export async function invoiceRecipients(repos: Pick<Repositories, 'team'>, accountUid: string): Promise<{ email: string; firstName: string | null }[]> {
  const all = { limit: -1, offset: 0 };
  const marked = (await repos.team.page(accountUid, { receiveInvoices: true, pending: false }, [{ field: 'Email', desc: false }], all)).items;
  const people = marked.length > 0 ? marked : (await repos.team.page(accountUid, { isPrimary: true }, [], all)).items;
  return people.map((m) => ({ email: m.person.email, firstName: m.person.firstName }));
}
