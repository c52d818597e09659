import { ErrorCode } from '@portico/core';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * 'Authenticate your payment' in demo mode (issue 17): the persona's renewal invoice `demo-invoice-open`
 * waits for the bank's confirmation (the demo's sandbox confirms it with no bank step), `demo-invoice-void`
 * was voided, and the five invoices of the billing screen (`demo-invoice-0`…`4`) are paid. Once paid,
 * the open one stays paid for the page's life (as the server's would).
 */
const PRICES: Record<string, number> = { 'plan-free': 0, 'plan-team': 990, 'plan-pro': 79 };
const paidNow = new Set<string>();

function answer(persona: DemoPersonaName, uid: string) {
  const { account } = DEMO_PERSONA_DATA[persona];
  if (!account) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  const amount = PRICES[account.planUid] ?? 0;
  const base = { InvoiceUid: uid, Amount: amount, Currency: 'USD', DunningStatus: null, ClientSecret: null };
  if (uid === 'demo-invoice-open' && amount > 0) {
    return paidNow.has(uid) ? { ...base, InvoiceNumber: 1041, Status: 'Paid' as const }
      : { ...base, InvoiceNumber: 1041, Status: 'Open' as const, DunningStatus: 'action_required', ClientSecret: 'pi_demo_invoice_secret_demo' };
  }
  if (uid === 'demo-invoice-void' && amount > 0) return { ...base, InvoiceNumber: 1039, Status: 'Void' as const };
  const old = /^demo-invoice-([0-4])$/.exec(uid);
  if (old && amount > 0) return { ...base, InvoiceNumber: 1040 - Number(old[1]), Status: 'Paid' as const };
  throw new DemoRefusal(404, ErrorCode.NotFound);
}

export function demoInvoicePayment(persona: DemoPersonaName, uid: string) {
  return answer(persona, uid);
}

/** The POST after the bank's step: paid; an invoice not open is 409 Errors.InvoiceNotOpen, as the server answers. */
export function demoPayInvoice(persona: DemoPersonaName, uid: string) {
  const now = answer(persona, uid);
  if (now.Status !== 'Open') throw new DemoRefusal(409, 'Errors.InvoiceNotOpen' as ErrorCode);
  paidNow.add(uid);
  return answer(persona, uid);
}
