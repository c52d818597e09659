import { lazy, Suspense, type ComponentType } from 'react';
import type { ConfiguredField as Field } from '@portico/core/fields/index';
import type { FormApi } from '../../forms/use-form.ts';
import { AddressField } from './address-field.tsx';
import { CheckboxField } from './checkbox-field.tsx';
import { CheckboxListField } from './checkbox-list-field.tsx';
import { DateField } from './date-field.tsx';
import { EmailField } from './email-field.tsx';
import type { FieldProps } from './field-parts.tsx';
import { NumberField } from './number-field.tsx';
import { RadioListField } from './radio-list-field.tsx';
import { SelectField } from './select-field.tsx';
import { TaxIdField } from './tax-id-field.tsx';
import { TextAreaField } from './textarea-field.tsx';
import { TextField } from './text-field.tsx';

const TelField = lazy(() => import('./tel-field.tsx'));

function LazyTel(props: FieldProps) {
  return <Suspense fallback={null}><TelField {...props} /></Suspense>;
}

/** One component per ControlType (spec 1 section 3: the twelve types). */
const CONTROLS: Record<string, ComponentType<FieldProps>> = {
  Address: AddressField,
  Checkbox: CheckboxField,
  CheckboxList: CheckboxListField,
  Date: DateField,
  Number: NumberField,
  Email: EmailField,
  RadioList: RadioListField,
  Select: SelectField,
  Tel: LazyTel,
  Text: TextField,
  TaxIdTypeTaxId: TaxIdField,
  TextArea: TextAreaField,
};

const warned = new Set<string>();

/** Spec 1 section 8: "Unknown field control types log a warning" (once per field), and render nothing. */
function warnUnknown(field: Field): void {
  const key = `${field.path}:${field.controlType}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`[portico] unknown field control type '${field.controlType}' for ${field.path}; the field is not shown`);
}

/** Renders one configured field by its ControlType, bound to the form. */
export function ConfiguredField({ form, field }: FieldProps) {
  const Control = CONTROLS[field.controlType];
  if (!Control) {
    warnUnknown(field);
    return null;
  }
  return <Control form={form} field={field} />;
}

/** Every field of the form, in configuration order. */
export function ConfiguredFields({ form }: { form: FormApi }) {
  return <>{form.fields.map((field) => <ConfiguredField key={field.path} form={form} field={field} />)}</>;
}
