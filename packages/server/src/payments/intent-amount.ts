import { ErrorCode, toMajor } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requireMemberOrAdmin } from '../accounts/account-access.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** GET /billing/paymentinformation/stripe/intent-amount: what the account owes now (open invoices) and the oldest such invoice. */
export async function intentAmount(deps: PaymentsDeps, caller: Caller, accountUid: string): Promise<{ OutstandingAmount: number; InvoiceUid: string | null }> {
  requireMemberOrAdmin(caller, accountUid);
  const repo = deps.store.payments;
  if (!(await repo.accountExists(accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  const currency = deps.config.company.currency;
  const open = (await repo.openInvoices(accountUid)).filter((i) => i.currency === currency && i.outstanding > 0);
  return { OutstandingAmount: toMajor(open.reduce((s, i) => s + i.outstanding, 0), currency), InvoiceUid: open[0]?.uid ?? null };
}
