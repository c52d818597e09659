import { ADDRESS_PARTS, asAddress, asCheckboxList, asTaxId, asText, type AddressValue, type FieldValue, type FieldValues } from './field-values.ts';
import { isKnownControlType, type ConfiguredField } from './configured-fields.ts';
import { getAtPath, setAtPath } from './field-paths.ts';

/** What a field sends: text, a flag, checked option values, an address, or the TaxIds list. */
export type SubmitValue = string | boolean | string[] | Omit<AddressValue, 'SameAs'> | { TaxIdType: string; TaxId: string }[];
export type SubmitValues = Record<string, SubmitValue>;

function trimAddress(a: AddressValue): Omit<AddressValue, 'SameAs'> {
  const out = {} as Omit<AddressValue, 'SameAs'>;
  for (const part of ADDRESS_PARTS) out[part] = a[part].trim();
  out.Country = out.Country.toUpperCase();
  return out;
}

/**
 * Spec 1 section 5: on submit text values are trimmed and checkbox-list values
 * drop unchecked entries; a tax id is sent only when both the id and the type
 * are present (otherwise TaxIds is left out); an address marked 'same as'
 * sends a copy of the address it names. Unknown control types are left out.
 */
export function normalizeForSubmit(fields: readonly ConfiguredField[], values: FieldValues): SubmitValues {
  const out: SubmitValues = {};
  for (const field of fields) {
    const value = values[field.path];
    switch (field.controlType) {
      case 'Checkbox':
        out[field.path] = value === true;
        break;
      case 'CheckboxList': {
        const list = asCheckboxList(value);
        out[field.path] = field.params.Options.filter((o) => list[o.Value] === true).map((o) => o.Value);
        break;
      }
      case 'Address': {
        const address = asAddress(value);
        const source = field.sameAs && address.SameAs ? asAddress(values[field.sameAs.path]) : address;
        out[field.path] = trimAddress(source);
        break;
      }
      case 'TaxIdTypeTaxId': {
        const tax = asTaxId(value);
        const TaxIdType = tax.TaxIdType.trim();
        const TaxId = tax.TaxId.trim();
        if (TaxIdType && TaxId) out[field.path] = [{ TaxIdType, TaxId }];
        break;
      }
      default:
        if (isKnownControlType(field.controlType)) out[field.path] = asText(value).trim();
    }
  }
  return out;
}

/** Submit values nested into the body: `{ 'Person.Email': 'a@b.co' }` becomes `{ Person: { Email: 'a@b.co' } }`. */
export function toPayload(values: SubmitValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) setAtPath(body, path, value);
  return body;
}

/**
 * The inverse, for the server (validate a received body with the same rules)
 * and for edit forms (start from the saved entity).
 */
export function valuesFromPayload(fields: readonly ConfiguredField[], body: unknown): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const raw = getAtPath(body, field.path);
    switch (field.controlType) {
      case 'Checkbox':
        values[field.path] = raw === true;
        break;
      case 'CheckboxList':
        values[field.path] = Object.fromEntries((Array.isArray(raw) ? raw : []).filter((v) => typeof v === 'string').map((v) => [v, true]));
        break;
      case 'Address':
        values[field.path] = asAddress(raw as FieldValue);
        break;
      case 'TaxIdTypeTaxId':
        values[field.path] = asTaxId((Array.isArray(raw) ? raw[0] : raw) as FieldValue);
        break;
      default:
        values[field.path] = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
    }
  }
  return values;
}

/**
 * Whether two sets of form values send the same thing (an edit form's saved values and its values
 * now): an edit saved unchanged makes no request (issue 15: saving an untouched account stored a
 * copy of the billing address as the mailing one).
 */
export function sameSubmission(fields: readonly ConfiguredField[], a: FieldValues, b: FieldValues): boolean {
  const text = (values: FieldValues) => JSON.stringify(fields.map((f) => normalizeForSubmit([f], values)[f.path] ?? null));
  return text(a) === text(b);
}
