import type { WireFieldConfigurationEntry } from '@portico/core';
import { fieldPathOf, getAtPath, parseControlParams } from '@portico/core/fields/index';

/** An address as the views show it: line 1 (and 2), then 'City, State  PostalCode' (two spaces, spec 2), then the country. */
export function addressLines(a: unknown): string[] {
  if (!a || typeof a !== 'object') return [];
  const x = a as Record<string, string | null | undefined>;
  const part = (k: string) => (typeof x[k] === 'string' ? x[k]!.trim() : '');
  const cityState = [part('City'), part('State')].filter(Boolean).join(', ');
  const last = [cityState, part('PostalCode')].filter(Boolean).join('  ');
  return [part('AddressLine1'), part('AddressLine2'), part('AddressLine3'), last, part('Country')].filter(Boolean);
}

/** Two addresses are 'the same' when every part matches (their Uids differ). */
export function sameAddress(a: unknown, b: unknown): boolean {
  const lines = (v: unknown) => addressLines(v).join('\n');
  return lines(a) !== '' && lines(a) === lines(b);
}

/** How a view writes dates and phone numbers (issue 15: medium-style dates, international phone numbers). */
export interface ValueFormat {
  date(value: string): string;
  phone(value: string): string;
}
const AS_IS: ValueFormat = { date: (v) => v, phone: (v) => v };

export type DisplayValue =
  | { kind: 'text'; text: string }
  | { kind: 'address'; lines: string[] }
  | { kind: 'sameAs'; label: string }
  | { kind: 'empty' };

/**
 * What a view shows for one configured field of an entity (`{ Person: profile }` or `{ Account: account }`):
 * option labels for choices, both parts of a tax id, address lines, and 'Same as <other>' for an address
 * equal to the one its definition names.
 */
export function displayValue(entry: WireFieldConfigurationEntry, body: Record<string, unknown>, yesNo: { yes: string; no: string }, format: ValueFormat = AS_IS): DisplayValue {
  const def = entry.Definition;
  const raw = getAtPath(body, fieldPathOf(def));
  const options = parseControlParams(def.ControlParams).Options;
  const label = (v: unknown) => options.find((o) => o.Value === v)?.Label ?? String(v);
  switch (def.ControlType) {
    case 'Address': {
      if (def.SameAsObject) {
        const other = getAtPath(body, fieldPathOf({ EntityType: def.EntityType, SystemName: def.SameAsObject, ControlType: 'Address' }));
        if (sameAddress(raw, other)) return { kind: 'sameAs', label: def.SameAsObject };
      }
      const lines = addressLines(raw);
      return lines.length ? { kind: 'address', lines } : { kind: 'empty' };
    }
    case 'TaxIdTypeTaxId': {
      const first = Array.isArray(raw) ? (raw[0] as { TaxIdType?: string; TaxId?: string } | undefined) : undefined;
      return first?.TaxId ? { kind: 'text', text: `${first.TaxId} (${first.TaxIdType ?? ''})` } : { kind: 'empty' };
    }
    case 'Checkbox':
      return { kind: 'text', text: raw === true ? yesNo.yes : yesNo.no };
    case 'CheckboxList':
      return Array.isArray(raw) && raw.length ? { kind: 'text', text: raw.map(label).join(', ') } : { kind: 'empty' };
    case 'Date':
      return typeof raw === 'string' && raw.trim() ? { kind: 'text', text: format.date(raw.trim()) } : { kind: 'empty' };
    case 'Tel':
      return typeof raw === 'string' && raw.trim() ? { kind: 'text', text: format.phone(raw.trim()) } : { kind: 'empty' };
    case 'Select': case 'RadioList':
      return typeof raw === 'string' && raw ? { kind: 'text', text: label(raw) } : { kind: 'empty' };
    default:
      return (typeof raw === 'string' && raw.trim()) || typeof raw === 'number' ? { kind: 'text', text: String(raw) } : { kind: 'empty' };
  }
}
