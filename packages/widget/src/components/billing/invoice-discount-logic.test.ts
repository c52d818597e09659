import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { chargeSummaries, dueLabel } from '@portico/core/billing/index';
import { ApiProblem, problemFromAnswer } from '../../api/api-problem.ts';
import { demoPlan } from './test-catalog.ts';
import { dueLabelText, invoiceTable } from './invoice-preview-logic.ts';
import { canApplyCode, discountLookupErrors } from './discount-code-logic.ts';
import { chargeInput, draftForPlan, emptyDraft } from './subscription-draft.ts';

const now = new Date('2024-04-01T12:00:00Z');

describe('invoice preview logic', () => {
  it('maps each due label of core to its text key', () => {
    expect(dueLabelText('dueNow')).toEqual({ key: 'billing.invoice.dueNow' });
    expect(dueLabelText('dueNowAndAtRenewal')).toEqual({ key: 'billing.invoice.dueNowAndAtRenewal' });
    expect(dueLabelText('dueAtRenewal')).toEqual({ key: 'billing.invoice.dueAtRenewal' });
    expect(dueLabelText({ kind: 'dueOn', date: '2024-07-01' })).toEqual({ key: 'billing.invoice.dueOn', date: '2024-07-01' });
  });

  it('a trial plan is due at renewal; a monthly plan is due now and at renewal', () => {
    const pro = demoPlan('plan_pro');
    const trial = chargeSummaries(chargeInput(draftForPlan(emptyDraft('Monthly'), pro), pro, 'USD', now));
    expect(dueLabel(trial.now, trial.renewal, now)).toBe('dueAtRenewal');
    const noTrial = { ...pro, TrialPeriodDays: null };
    const plain = chargeSummaries(chargeInput(draftForPlan(emptyDraft('Monthly'), noTrial), noTrial, 'USD', now));
    expect(dueLabel(plain.now, plain.renewal, now)).toBe('dueNowAndAtRenewal');
    const table = invoiceTable(plain.now);
    expect(table.rows.map((r) => [r.description, r.total])).toEqual([['Pro', 2999]]);
    expect(table.showTax).toBe(false);
  });
});

describe('discount code logic', () => {
  it('needs a non-empty value', () => {
    expect(canApplyCode('  ')).toBe(false);
    expect(canApplyCode(' X ')).toBe(true);
  });

  it('maps lookup failures per spec section 8; no answer and a rate limit are not system errors', () => {
    const client = (status: number, body: unknown) => problemFromAnswer(status, body, null);
    expect(discountLookupErrors(client(400, { ErrorCode: ErrorCode.DiscountCodeExpired, FieldErrors: [{ Field: 'DiscountCode', ErrorCode: ErrorCode.DiscountCodeExpired, Message: 'Expired' }] })))
      .toEqual([{ code: ErrorCode.DiscountCodeExpired, message: 'Expired' }]);
    expect(discountLookupErrors(client(400, { FieldErrors: [] }))).toEqual([{ code: ErrorCode.DiscountCodeNotFound }]);
    expect(discountLookupErrors(client(400, null))).toEqual([{ code: ErrorCode.DiscountCodeNotFound }]);
    expect(discountLookupErrors(client(404, null))).toEqual([{ code: ErrorCode.DiscountCodeNotFound }]);
    expect(discountLookupErrors(client(500, null))).toEqual([{ code: ErrorCode.SystemError }]);
    expect(discountLookupErrors(client(429, null))).toEqual([{ code: ErrorCode.TooManyRequests }]);
    expect(discountLookupErrors(new ApiProblem({ kind: 'network', status: 0, code: ErrorCode.ServerUnreachable }))).toEqual([{ code: ErrorCode.ServerUnreachable }]);
  });
});
