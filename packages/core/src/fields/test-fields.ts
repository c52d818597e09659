import type { FieldBehavior } from '../entities/billing-terms.ts';
import type { WireFieldConfigurationEntry, WireFieldDefinition } from '../settings/init-settings.ts';

/** Test helper: one configuration entry, ControlParams given as an object. */
export function entry(
  def: Partial<WireFieldDefinition> & Pick<WireFieldDefinition, 'SystemName' | 'ControlType'>,
  behavior: FieldBehavior = 'Editable',
  params?: Record<string, unknown>,
): WireFieldConfigurationEntry {
  return {
    Behavior: behavior,
    Group: null,
    Definition: {
      Uid: `f-${def.SystemName}`,
      EntityType: 'Person',
      Label: def.SystemName,
      ControlParams: params ? JSON.stringify(params) : null,
      ...def,
    },
  };
}

const options = (...values: string[]) => ({ Options: values.map((v) => ({ Value: v, Label: v.toUpperCase() })) });

/** All twelve control types, shaped like packages/server/config/demo-company.yaml. */
export const ALL_TYPES: WireFieldConfigurationEntry[] = [
  entry({ SystemName: 'Email', ControlType: 'Email' }, 'SystemRequired'),
  entry({ SystemName: 'FirstName', ControlType: 'Text' }, 'Required'),
  entry({ SystemName: 'LastName', ControlType: 'Text' }, 'Required'),
  entry({ SystemName: 'PhoneMobile', ControlType: 'Tel' }),
  entry({ SystemName: 'Birthday', ControlType: 'Date' }, 'Editable', { Min: '1900-01-01', Max: '2020-12-31' }),
  entry({ SystemName: 'Bio', ControlType: 'TextArea' }, 'Editable', { MaxLength: 20 }),
  entry({ SystemName: 'MarketingConsent', ControlType: 'Checkbox' }),
  entry({ SystemName: 'Role', ControlType: 'RadioList' }, 'Editable', options('analyst', 'engineer')),
  entry({ EntityType: 'Account', SystemName: 'Name', ControlType: 'Text' }, 'Required', { MinLength: 2, Pattern: '[A-Za-z0-9 .&-]+' }),
  entry({ EntityType: 'Account', SystemName: 'CompanySize', ControlType: 'Select' }, 'Editable', options('1-10', '11-50')),
  entry({ EntityType: 'Account', SystemName: 'Employees', ControlType: 'Number' }, 'Editable', { Min: 1, Max: 500 }),
  entry({ EntityType: 'Account', SystemName: 'Interests', ControlType: 'CheckboxList' }, 'Editable', options('web', 'sales', 'product')),
  entry({ EntityType: 'Account', SystemName: 'BillingAddress', ControlType: 'Address' }, 'Required'),
  entry({ EntityType: 'Account', SystemName: 'MailingAddress', ControlType: 'Address', SameAsObject: 'BillingAddress', SameAsLabel: 'Same as billing address', SameAsLabelDefault: true }),
  entry({ EntityType: 'Account', SystemName: 'TaxId', ControlType: 'TaxIdTypeTaxId' }),
];
