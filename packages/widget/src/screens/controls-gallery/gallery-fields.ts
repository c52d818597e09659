import type { InitSettings, WireFieldConfigurationEntry } from '@portico/core';

const def = (Uid: string, EntityType: 'Person' | 'Account', SystemName: string, Label: string, ControlType: WireFieldConfigurationEntry['Definition']['ControlType'], params?: object, extra?: object): WireFieldConfigurationEntry['Definition'] => ({
  Uid, EntityType, SystemName, Label, ControlType, ControlParams: params ? JSON.stringify(params) : null, ...extra,
});
const options = (...pairs: [string, string][]) => ({ Options: pairs.map(([Value, Label]) => ({ Value, Label })) });

/**
 * The demo company's field definitions (packages/server/config/demo-company.yaml),
 * for the gallery in demo mode, whose settings carry no field configuration.
 */
const SAMPLE: WireFieldConfigurationEntry[] = [
  { Behavior: 'SystemRequired', Group: null, Definition: def('f-email', 'Person', 'Email', 'Email', 'Email') },
  { Behavior: 'Required', Group: null, Definition: def('f-first', 'Person', 'FirstName', 'First name', 'Text') },
  { Behavior: 'Required', Group: null, Definition: def('f-last', 'Person', 'LastName', 'Last name', 'Text') },
  { Behavior: 'Editable', Group: null, Definition: def('f-phone', 'Person', 'PhoneMobile', 'Mobile phone', 'Tel') },
  { Behavior: 'Editable', Group: null, Definition: def('f-birthday', 'Person', 'Birthday', 'Birthday', 'Date') },
  { Behavior: 'Editable', Group: null, Definition: def('f-bio', 'Person', 'Bio', 'About you', 'TextArea', { MaxLength: 500 }) },
  { Behavior: 'Editable', Group: null, Definition: def('f-role', 'Person', 'Role', 'Your role', 'RadioList', options(['analyst', 'Analyst'], ['engineer', 'Engineer'], ['manager', 'Manager'])) },
  { Behavior: 'Required', Group: null, Definition: def('f-company', 'Account', 'Name', 'Company name', 'Text', { MinLength: 2, MaxLength: 200 }) },
  { Behavior: 'Editable', Group: null, Definition: def('f-size', 'Account', 'CompanySize', 'Company size', 'Select', options(['1-10', '1-10'], ['11-50', '11-50'], ['51-200', '51-200'], ['201+', '201 or more'])) },
  { Behavior: 'Editable', Group: null, Definition: def('f-employees', 'Account', 'Employees', 'Number of analysts', 'Number', { Min: 1, Max: 10000 }) },
  { Behavior: 'Editable', Group: null, Definition: def('f-interests', 'Account', 'Interests', 'What will you track?', 'CheckboxList', options(['web', 'Website traffic'], ['sales', 'Sales'], ['product', 'Product usage'])) },
  { Behavior: 'Required', Group: null, Definition: def('f-billing-address', 'Account', 'BillingAddress', 'Billing address', 'Address') },
  { Behavior: 'Editable', Group: null, Definition: def('f-mailing-address', 'Account', 'MailingAddress', 'Mailing address', 'Address', undefined, { SameAsLabel: 'Same as billing address', SameAsLabelDefault: true, SameAsObject: 'BillingAddress' }) },
  { Behavior: 'Editable', Group: null, Definition: def('f-tax-id', 'Account', 'TaxId', 'Tax ID', 'TaxIdTypeTaxId') },
  { Behavior: 'Editable', Group: null, Definition: def('f-newsletter-ok', 'Person', 'MarketingConsent', 'I would like product tips by email', 'Checkbox') },
];

/**
 * Every field the settings configure (registration, then profile, then
 * account; the first use of a definition wins), so the gallery shows all
 * twelve control types; the sample when the settings configure none.
 */
export function galleryFieldEntries(settings: InitSettings): WireFieldConfigurationEntry[] {
  const { Registration, Profile, Account } = settings.FieldConfiguration;
  const seen = new Set<string>();
  const all = [...Registration, ...Profile, ...Account].filter((e) => !seen.has(e.Definition.Uid) && seen.add(e.Definition.Uid));
  return all.length > 0 ? all : SAMPLE;
}
