/** Strings of the form layer (forms/, components/fields/), registered under `forms.*` when that chunk loads. */
export const enForms = {
  requiredMark: '(required)',
  /** Field-level texts of bound rules; the catalogue's Errors.* texts are the fallback when a field has no bound. */
  rules: {
    TooShort: 'Enter at least {{minLength}} characters.',
    TooLong: 'Enter at most {{maxLength}} characters.',
    BelowMinimum: 'Must be at least {{min}}.',
    AboveMaximum: 'Must be at most {{max}}.',
  },
  select: { placeholder: 'Select…' },
  address: {
    AddressLine1: 'Address line 1',
    AddressLine2: 'Address line 2',
    City: 'City',
    State: 'State / Province',
    PostalCode: 'Postal code',
    Country: 'Country',
    chooseCountry: 'Choose a country',
    part: '{{field}}: {{part}}',
  },
  taxId: {
    TaxIdType: 'Tax ID type',
    TaxId: 'Tax ID number',
    chooseType: 'Choose a type',
    invalid: 'Enter a valid {{type}}.',
  },
  tel: {
    country: 'Country calling code',
    help: 'Start with + and the country code, or choose the country first.',
  },
};
