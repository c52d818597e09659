/**
 * Tax id types (a subset of the payment provider's type codes, e.g. Stripe's
 * `eu_vat`), in the same `{ Code, Name }` shape as InitSettings.TaxIdTypes.
 * The tax id field uses the configured list when the settings carry one and
 * this static list otherwise; GET /billing/tax/tax-id-types can serve it too.
 */
export interface TaxIdType {
  Code: string;
  Name: string;
}

export const TAX_ID_TYPES: readonly TaxIdType[] = [
  { Code: 'eu_vat', Name: 'EU VAT number' },
  { Code: 'gb_vat', Name: 'UK VAT number' },
  { Code: 'us_ein', Name: 'US EIN' },
  { Code: 'ca_bn', Name: 'Canadian BN' },
  { Code: 'ca_gst_hst', Name: 'Canadian GST/HST number' },
  { Code: 'au_abn', Name: 'Australian Business Number (ABN)' },
  { Code: 'nz_gst', Name: 'New Zealand GST number' },
  { Code: 'ch_vat', Name: 'Swiss VAT number' },
  { Code: 'no_vat', Name: 'Norwegian VAT number' },
  { Code: 'in_gst', Name: 'Indian GST number' },
  { Code: 'jp_cn', Name: 'Japanese Corporate Number' },
  { Code: 'sg_gst', Name: 'Singaporean GST' },
  { Code: 'za_vat', Name: 'South African VAT number' },
  { Code: 'br_cnpj', Name: 'Brazilian CNPJ number' },
  { Code: 'mx_rfc', Name: 'Mexican RFC number' },
  { Code: 'ae_trn', Name: 'United Arab Emirates TRN' },
];

/** The configured types when there are any, otherwise the static list. */
export function taxIdTypesOrDefault(configured: readonly TaxIdType[] | null | undefined): readonly TaxIdType[] {
  return configured && configured.length > 0 ? configured : TAX_ID_TYPES;
}

/** A type's name from the company's list ('EU VAT number'), else the code itself. */
export function taxIdTypeName(code: string, types: readonly TaxIdType[]): string {
  return types.find((t) => t.Code === code)?.Name ?? code;
}

/**
 * 'DE123456789 (EU VAT number)': how a saved tax id is shown (account view, receipt, sign-up summary). Here with
 * the types rather than with the rules (tax-ids/tax-id-rules.ts): a view that shows a tax id does not check one.
 */
export function taxIdText(taxId: { TaxIdType?: string | null; TaxId?: string | null }, types: readonly TaxIdType[]): string {
  const id = (taxId.TaxId ?? '').trim();
  const code = (taxId.TaxIdType ?? '').trim();
  if (!id) return '';
  return code ? `${id} (${taxIdTypeName(code, types)})` : id;
}
