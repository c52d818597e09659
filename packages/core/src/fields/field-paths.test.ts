import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestKnownPath, getAtPath, isWithinPath, joinPath, setAtPath, splitPath } from './field-paths.ts';

describe('field paths: one dotted syntax', () => {
  it('joins PascalCase segments and array indices with dots', () => {
    expect(joinPath('Account', 'TaxIds', 0, 'TaxId')).toBe('Account.TaxIds.0.TaxId');
    expect(splitPath('Person.FieldValues.Birthday')).toEqual(['Person', 'FieldValues', 'Birthday']);
  });

  it('a path lies below another only at a segment boundary', () => {
    expect(isWithinPath('Account.BillingAddress.City', 'Account.BillingAddress')).toBe(true);
    expect(isWithinPath('Person.EmailConfirm', 'Person.Email')).toBe(false);
  });

  it('an error path belongs to the longest known field it lies in', () => {
    const known = ['Account.TaxIds', 'Account.BillingAddress', 'Account.BillingAddress.City', 'Person.Email'];
    expect(closestKnownPath('Account.TaxIds.0.TaxId', known)).toBe('Account.TaxIds');
    expect(closestKnownPath('Account.BillingAddress.City', known)).toBe('Account.BillingAddress.City');
    expect(closestKnownPath('Account.BillingAddress.State', known)).toBe('Account.BillingAddress');
    expect(closestKnownPath('Subscriptions.0.Plan', known)).toBeUndefined();
  });

  it('setAtPath then getAtPath gives the value back, creating arrays before numeric segments', () => {
    const body: Record<string, unknown> = {};
    setAtPath(body, 'Account.TaxIds.0.TaxId', 'DE123');
    expect(body).toEqual({ Account: { TaxIds: [{ TaxId: 'DE123' }] } });
    const segment = fc.stringMatching(/^[A-Z][A-Za-z]{0,8}$/);
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.string(), (segments, value) => {
      const root: Record<string, unknown> = {};
      const path = joinPath(...segments);
      setAtPath(root, path, value);
      expect(getAtPath(root, path)).toBe(value);
    }));
  });
});
