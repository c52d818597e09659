import { describe, expect, it } from 'vitest';
import { configuredFields } from './configured-fields.ts';
import { sameAsState } from './same-as-address.ts';
import { sameSubmission, valuesFromPayload } from './submit-values.ts';

const billing = { Uid: 'b', AddressLine1: '500 Market St', AddressLine2: null, City: 'San Francisco', State: 'CA', PostalCode: '94105', Country: 'US' };

describe("'Same as billing' is one state (issue 15)", () => {
  it('same only when both are filled and equal part by part; empty when nothing is saved', () => {
    expect(sameAsState({ ...billing, Uid: 'm' }, billing)).toBe('same');
    expect(sameAsState({ ...billing, City: ' san francisco ' }, billing)).toBe('same');
    expect(sameAsState({ ...billing, PostalCode: '94107' }, billing)).toBe('own');
    expect(sameAsState(null, billing)).toBe('empty');
    expect(sameAsState({ AddressLine1: '', City: '', Country: '' }, billing)).toBe('empty');
    expect(sameAsState(null, null)).toBe('empty');
  });

  it('an edit form saved unchanged sends the same thing: no request', () => {
    const fields = configuredFields([
      { Behavior: 'Editable', Group: null, Definition: { Uid: 'b', EntityType: 'Account', SystemName: 'BillingAddress', Label: 'Billing address', ControlType: 'Address', ControlParams: null } },
      { Behavior: 'Editable', Group: null, Definition: { Uid: 'm', EntityType: 'Account', SystemName: 'MailingAddress', Label: 'Mailing address', ControlType: 'Address', ControlParams: null, SameAsObject: 'BillingAddress', SameAsLabel: 'Same as billing address', SameAsLabelDefault: true } },
    ]);
    const saved = valuesFromPayload(fields, { Account: { BillingAddress: billing, MailingAddress: null } });
    const opened = { ...saved, 'Account.MailingAddress': { ...(saved['Account.MailingAddress'] as object), SameAs: false } } as typeof saved;
    expect(sameSubmission(fields, saved, opened)).toBe(true);
    // Ticking the box would copy the billing address: a change.
    const ticked = { ...saved, 'Account.MailingAddress': { ...(saved['Account.MailingAddress'] as object), SameAs: true } } as typeof saved;
    expect(sameSubmission(fields, saved, ticked)).toBe(false);
  });
});
