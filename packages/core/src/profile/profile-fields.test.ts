import { describe, expect, it } from 'vitest';
import type { WireFieldConfigurationEntry } from '../settings/init-settings.ts';
import {
  accountEntries, accountEntriesFor, canChangeEmail, DEFAULT_PROFILE_FIELDS, editableFields, fieldGroups, profileEditFields, profileEntries,
} from './profile-fields.ts';

const entry = (SystemName: string, Behavior: WireFieldConfigurationEntry['Behavior'], Group: string | null, EntityType: 'Person' | 'Account' = 'Person'): WireFieldConfigurationEntry => ({
  Behavior, Group, Definition: { Uid: `f-${SystemName}`, EntityType, SystemName, Label: SystemName, ControlType: 'Text', ControlParams: null },
});

describe('profile fields', () => {
  it('no configured Person fields: the default Name and Email groups', () => {
    expect(profileEntries([entry('Name', 'Required', null, 'Account')])).toEqual(DEFAULT_PROFILE_FIELDS);
    expect(fieldGroups(profileEntries([])).map((g) => [g.name, g.editable])).toEqual([['Name', true], ['Email', true]]);
  });

  it('a group whose fields are all read-only has no link; a Google-linked email group neither', () => {
    const groups = fieldGroups([entry('FirstName', 'Required', 'Name'), entry('Badge', 'ReadOnly', 'Badge'), entry('Email', 'SystemRequired', 'Email'), entry('Nick', 'ReadOnly', 'Name')], true);
    expect(groups.map((g) => [g.name, g.editable, g.entries.length])).toEqual([['Name', true, 2], ['Badge', false, 1], ['Email', false, 1]]);
    expect(editableFields([entry('Email', 'SystemRequired', 'Email'), entry('FirstName', 'Required', 'Name')], true).map((f) => f.path)).toEqual(['Person.FirstName']);
  });

  it('account: defaults Organization and Address; Organization only for Team', () => {
    expect(accountEntries([]).map((e) => e.Definition.SystemName)).toEqual(['Name', 'BillingAddress', 'MailingAddress']);
    expect(accountEntriesFor([], 'Individual').map((e) => e.Group)).toEqual(['Address', 'Address']);
    expect(accountEntriesFor([], 'Team').map((e) => e.Group)).toEqual(['Organization', 'Address', 'Address']);
    expect(editableFields(accountEntries([]))[2]!.sameAs).toEqual({ path: 'Account.BillingAddress', label: 'Same as billing address', checkedByDefault: true });
  });

  it('the email is changed through its own step: never a profileEdit field; allowed when editable and not Google-linked', () => {
    const entries = [entry('FirstName', 'Required', 'Name'), entry('Email', 'SystemRequired', 'Email')];
    expect(profileEditFields(entries).map((f) => f.path)).toEqual(['Person.FirstName']);
    expect(profileEditFields(profileEntries([])).map((f) => f.path)).toEqual(['Person.FirstName', 'Person.LastName']);
    expect(canChangeEmail(entries)).toBe(true);
    expect(canChangeEmail(entries, true)).toBe(false);
    expect(canChangeEmail([entry('Email', 'ReadOnly', 'Email')])).toBe(false);
    expect(canChangeEmail([entry('FirstName', 'Required', 'Name')])).toBe(false);
  });
});
