import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { MAX_QUANTITY, addOnQuantityBounds, normalizeQuantityInput, quantityBounds, stepQuantity } from './quantity.ts';
import { validateSubscriptionRequest } from './validate-subscription-request.ts';
import { makeAddOn, makePlan } from './test-fixtures.ts';

const perUser = makePlan({ IsPerUser: true, MinimumQuantity: 2, MaximumPeople: 10 });

describe('quantity (spec 5)', () => {
  it('"The minimum is the plan\'s MinimumQuantity. The maximum is MaximumPeople for per-user plans."', () => {
    expect(quantityBounds(perUser)).toMatchObject({ min: 2, max: 10 });
    expect(quantityBounds(makePlan({ IsQuantityEditable: true, MinimumQuantity: 1, MaximumPeople: 10 })).max).toBe(MAX_QUANTITY);
  });
  it('"Message: \'You can have a maximum of N people on your plan.\'"', () => {
    expect(quantityBounds(perUser).maxMessage).toBe('You can have a maximum of 10 people on your plan.');
  });
  it('"The quantity must be at least NewRequiredQuantity when one is demanded"', () => {
    expect(quantityBounds(perUser, 6).min).toBe(6);
    expect(quantityBounds(perUser, null).min).toBe(2);
  });
  it('"Integer input: a non-numeric value or one below the minimum becomes the minimum"', () => {
    const b = quantityBounds(perUser);
    expect(normalizeQuantityInput('abc', b)).toBe(2);
    expect(normalizeQuantityInput('', b)).toBe(2);
    expect(normalizeQuantityInput('1', b)).toBe(2);
    expect(normalizeQuantityInput('5', b)).toBe(5);
    expect(normalizeQuantityInput('5.7', b)).toBe(5);
    expect(normalizeQuantityInput(99, b)).toBe(10);
  });
  it('"The plus and minus buttons respect min and max"', () => {
    const b = quantityBounds(perUser);
    expect(stepQuantity(10, 1, b)).toBe(10);
    expect(stepQuantity(2, -1, b)).toBe(2);
    expect(stepQuantity(3, 1, b)).toBe(4);
  });
});

describe('MAX_QUANTITY (issue 6): one upper bound for every plan and add-on quantity', () => {
  const editable = makePlan({ IsQuantityEditable: true, MinimumQuantity: 1 });
  it('bounds plans without a per-user maximum, and per-user maximums above it, with the spec-style message', () => {
    expect(quantityBounds(editable)).toEqual({ min: 1, max: MAX_QUANTITY, maxMessage: `You can have a maximum of ${MAX_QUANTITY} units on your plan.`, limit: 'quantity' });
    expect(quantityBounds(makePlan({ IsPerUser: true, MaximumPeople: 5_000_000 }))).toMatchObject({ max: MAX_QUANTITY, limit: 'people' });
    expect(addOnQuantityBounds({ MinimumQuantity: 0 })).toMatchObject({ min: 1, max: MAX_QUANTITY });
  });
  it('the widget input clamps to it and the request check refuses one more, with the same bounds', () => {
    const b = quantityBounds(editable);
    expect(normalizeQuantityInput('1000000000', b)).toBe(MAX_QUANTITY);
    expect(stepQuantity(MAX_QUANTITY, 1, b)).toBe(MAX_QUANTITY);
    const plan = makePlan({ ...editable, PlanAddOns: [{ AddOn: makeAddOn({ Uid: 'units', IsQuantityEditable: true }), IsUserSelectable: true }] });
    const req = { plan, term: 'Monthly' as const, quantity: MAX_QUANTITY, addOns: [{ addOnUid: 'units', quantity: MAX_QUANTITY }] };
    expect(validateSubscriptionRequest(req)).toEqual([]);
    const over = validateSubscriptionRequest({ ...req, quantity: MAX_QUANTITY + 1, addOns: [{ addOnUid: 'units', quantity: 1_000_000_000 }] });
    expect(over.map((e) => [e.ErrorCode, e.Message])).toEqual([
      [ErrorCode.QuantityAboveMaximum, `You can have a maximum of ${MAX_QUANTITY} units on your plan.`],
      [ErrorCode.QuantityAboveMaximum, `You can have a maximum of ${MAX_QUANTITY} units on your plan.`],
    ]);
    expect(over.map((e) => e.Field)).toEqual(['Quantity', expect.stringMatching(/^SubscriptionAddOns\W0\W+Quantity$/)]);
  });
});

describe('validateSubscriptionRequest', () => {
  const plan = makePlan({ ...perUser, PlanAddOns: [{ AddOn: makeAddOn({ Uid: 'ok' }), IsUserSelectable: true }] });
  const base = { plan, term: 'Monthly' as const, quantity: 3, addOns: [] };
  const codes = (r: Parameters<typeof validateSubscriptionRequest>[0]) => validateSubscriptionRequest(r).map((e) => [e.Field, e.ErrorCode]);

  it('a valid request has no errors', () => {
    expect(validateSubscriptionRequest({ ...base, addOns: [{ addOnUid: 'ok', quantity: 1 }], dates: { StartDate: '2024-01-01' } })).toEqual([]);
  });
  it('quantity non-integer or negative -> QuantityInvalid', () => {
    expect(codes({ ...base, quantity: 2.5 })).toEqual([['Quantity', ErrorCode.QuantityInvalid]]);
    expect(codes({ ...base, quantity: -1 })).toEqual([['Quantity', ErrorCode.QuantityInvalid]]);
  });
  it('quantity below min (MinimumQuantity or NewRequiredQuantity) -> QuantityBelowMinimum', () => {
    expect(codes({ ...base, quantity: 1 })).toEqual([['Quantity', ErrorCode.QuantityBelowMinimum]]);
    expect(codes({ ...base, quantity: 3, newRequiredQuantity: 4 })).toEqual([['Quantity', ErrorCode.QuantityBelowMinimum]]);
  });
  it('quantity above max -> QuantityAboveMaximum with "You can have a maximum of N people on your plan."', () => {
    const errors = validateSubscriptionRequest({ ...base, quantity: 11 });
    expect(errors).toEqual([{ Field: 'Quantity', ErrorCode: ErrorCode.QuantityAboveMaximum, Message: 'You can have a maximum of 10 people on your plan.' }]);
  });
  it('add-on not offered by the plan -> AddOnNotOffered', () => {
    expect(codes({ ...base, addOns: [{ addOnUid: 'ok', quantity: 1 }, { addOnUid: 'nope', quantity: 1 }] }))
      .toEqual([['SubscriptionAddOns.1.AddOn', ErrorCode.AddOnNotOffered]]);
  });
  it('term the plan has no rate for -> TermNotOffered', () => {
    expect(codes({ ...base, term: 'Yearly' })).toEqual([['BillingRenewalTerm', ErrorCode.TermNotOffered]]);
  });
  it('dates outside 1990-01-01..2099-12-31 -> DateOutOfRange', () => {
    expect(codes({ ...base, dates: { StartDate: '1989-12-31', EndDate: '2100-01-01', Ok: '2099-12-31', Bad: 'x' } }))
      .toEqual([['StartDate', ErrorCode.DateOutOfRange], ['EndDate', ErrorCode.DateOutOfRange], ['Bad', ErrorCode.DateOutOfRange]]);
  });
  it('a one-time plan cannot be switched -> OneTimePlanCannotChange', () => {
    expect(codes({ ...base, existingTerm: 'OneTime', existingPlanUid: 'other' })).toEqual([['Plan', ErrorCode.OneTimePlanCannotChange]]);
  });
});
