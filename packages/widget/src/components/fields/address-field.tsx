import { useDeferredValue, useMemo } from 'react';
import { asAddress, joinPath, type AddressValue } from '@portico/core/fields/index';
import { addressRule, isAddressEmpty } from '@portico/core/fields/address-rules';
import { countriesByName, isStateRequired } from '@portico/core/geo/countries';
import { provideControlRule } from '../../forms/control-rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CheckboxField as Checkbox } from '../checkbox-field.tsx';
import { SelectField as Select } from '../select-field.tsx';
import type { FormApi } from '../../forms/use-form.ts';
import { FieldErrorText, FieldFrame, LabelText, mergeRefs, useInputBinding, type FieldProps } from './field-parts.tsx';

type Part = Exclude<keyof AddressValue, 'SameAs'>;

// The address's rule (core's, over the country list) comes with the control: a form without an address has neither.
provideControlRule('Address', () => addressRule);

interface PartProps {
  form: FormApi;
  path: string;
  part: Part;
  fieldLabel: string;
  value: AddressValue;
  required: boolean;
  autoComplete: string;
  wide?: boolean;
  /** The address's own ref (an error on the whole address focuses its first input). */
  groupRef?: (el: HTMLElement | null) => void;
  onChange(part: Part, text: string): void;
}

function AddressPart({ form, path, part, fieldLabel, value, required, autoComplete, wide, groupRef, onChange }: PartProps) {
  const { t } = useTranslation();
  const label = t(`forms.address.${part}`);
  const b = useInputBinding(form, joinPath(path, part), t('forms.address.part', { field: fieldLabel, part: label }));
  return (
    <div className={`p-field${wide ? ' p-span-2' : ''}`}>
      <label className="p-label" htmlFor={b.id}><LabelText label={label} required={required} /></label>
      <input id={b.id} ref={groupRef ? mergeRefs(b.ref, groupRef) : b.ref} className="p-input" type="text" autoComplete={autoComplete} value={value[part]}
        aria-required={required || undefined} aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy}
        onChange={(e) => onChange(part, e.target.value)} onBlur={b.onBlur} />
      <FieldErrorText id={b.errorId} error={b.error} />
    </div>
  );
}

function CountryPart({ form, path, fieldLabel, value, required, autoComplete, onChange }: Omit<PartProps, 'part'>) {
  const { t } = useTranslation();
  const label = t('forms.address.Country');
  const b = useInputBinding(form, joinPath(path, 'Country'), t('forms.address.part', { field: fieldLabel, part: label }));
  const options = useMemo(() => countriesByName().map((c) => ({ value: c.Code, label: c.Name })), []);
  // The first render lists only the chosen country; the other 249 follow in a background render
  // right after (React's deferred value), so 250 <option>s do not hold back a sign-up form's first
  // screen. Autofill and a person's first click come later than that render.
  const chosen = useMemo(() => options.filter((o) => o.value === value.Country), [options, value.Country]);
  const shown = useDeferredValue(options, chosen);
  return (
    <div className="p-field">
      <Select id={b.id} selectRef={b.ref} label={<LabelText label={label} required={required} />} value={value.Country} options={shown}
        placeholder={t('forms.address.chooseCountry')} autoComplete={autoComplete} required={required} invalid={b.invalid} describedBy={b.describedBy}
        onBlur={b.onBlur} onChange={(code) => { onChange('Country', code); form.touch(joinPath(path, 'Country')); }} />
      <FieldErrorText id={b.errorId} error={b.error} />
    </div>
  );
}

/**
 * An address (spec 1 section 5: line 1, city, country and postal code; a state
 * for Canada and the USA). With `sameAs` configured, a 'Same as …' checkbox
 * hides the inputs and the submit sends a copy of the other address.
 */
export function AddressField({ form, field }: FieldProps) {
  const value = asAddress(form.values[field.path]);
  const copying = field.sameAs !== undefined && value.SameAs === true;
  // An optional address is checked once started: its parts are then required like a required one's.
  const needed = field.required || !isAddressEmpty(value);
  const section = field.path.endsWith('BillingAddress') ? 'billing ' : '';
  const change = (part: Part, text: string) => form.setValue(field.path, { ...value, [part]: text });
  const common = { form, path: field.path, fieldLabel: field.label, value, onChange: change };
  const group = useInputBinding(form, field.path);
  return (
    <FieldFrame field={field}>
      <fieldset className="p-fieldset" aria-describedby={group.describedBy}>
        <legend><LabelText label={field.label} required={field.required} /></legend>
        <FieldErrorText id={group.errorId} error={group.error} />
        {field.sameAs && (
          <Checkbox label={field.sameAs.label} checked={copying} inputRef={copying ? group.ref : undefined}
            onChange={(checked) => form.setValue(field.path, { ...value, SameAs: checked })} />
        )}
        {!copying && (
          <div className="p-address">
            <AddressPart {...common} part="AddressLine1" required={needed} autoComplete={`${section}address-line1`} wide groupRef={group.ref} />
            <AddressPart {...common} part="AddressLine2" required={false} autoComplete={`${section}address-line2`} wide />
            <AddressPart {...common} part="City" required={needed} autoComplete={`${section}address-level2`} />
            <AddressPart {...common} part="State" required={needed && isStateRequired(value.Country)} autoComplete={`${section}address-level1`} />
            <AddressPart {...common} part="PostalCode" required={needed} autoComplete={`${section}postal-code`} />
            <CountryPart {...common} required={needed} autoComplete={`${section}country`} />
          </div>
        )}
      </fieldset>
    </FieldFrame>
  );
}
