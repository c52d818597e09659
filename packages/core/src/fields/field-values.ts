import type { ConfiguredField } from './configured-fields.ts';

/** An address as the form holds it (spec 1 section 3 Address); `SameAs` is the client flag. */
export interface AddressValue {
  AddressLine1: string;
  AddressLine2: string;
  City: string;
  State: string;
  PostalCode: string;
  /** ISO 3166-1 alpha-2 code. */
  Country: string;
  SameAs?: boolean;
}

export interface TaxIdValue {
  TaxIdType: string;
  TaxId: string;
}

/** Checkbox-list entries by option value, unchecked ones included until submit. */
export type CheckboxListValue = Record<string, boolean>;

export type FieldValue = string | boolean | CheckboxListValue | AddressValue | TaxIdValue | null | undefined;

/** A form's values keyed by field path. */
export type FieldValues = Record<string, FieldValue>;

export const ADDRESS_PARTS = ['AddressLine1', 'AddressLine2', 'City', 'State', 'PostalCode', 'Country'] as const;

export function emptyAddress(): AddressValue {
  return { AddressLine1: '', AddressLine2: '', City: '', State: '', PostalCode: '', Country: '' };
}

export function emptyValue(field: ConfiguredField): FieldValue {
  switch (field.controlType) {
    case 'Checkbox': return false;
    case 'CheckboxList': return {};
    case 'Address': return field.sameAs ? { ...emptyAddress(), SameAs: field.sameAs.checkedByDefault } : emptyAddress();
    case 'TaxIdTypeTaxId': return { TaxIdType: '', TaxId: '' };
    default: return '';
  }
}

/** Type guards tolerant of values that came from elsewhere (a payload, an old draft). */
export const asText = (v: FieldValue): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function asAddress(v: FieldValue): AddressValue {
  const a = v && typeof v === 'object' ? (v as Partial<AddressValue>) : {};
  const out = emptyAddress();
  for (const part of ADDRESS_PARTS) out[part] = typeof a[part] === 'string' ? a[part] : '';
  if (typeof a.SameAs === 'boolean') out.SameAs = a.SameAs;
  return out;
}

export function asTaxId(v: FieldValue): TaxIdValue {
  const t = v && typeof v === 'object' ? (v as Partial<TaxIdValue>) : {};
  return { TaxIdType: typeof t.TaxIdType === 'string' ? t.TaxIdType : '', TaxId: typeof t.TaxId === 'string' ? t.TaxId : '' };
}

export function asCheckboxList(v: FieldValue): CheckboxListValue {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter(([, checked]) => typeof checked === 'boolean')) as CheckboxListValue;
}
