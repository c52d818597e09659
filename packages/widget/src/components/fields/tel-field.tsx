import { useEffect, useRef, useState } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { asText } from '@portico/core/fields/index';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';
import { callingCountries, defaultCallingCountry, formatAsYouType, readPhone } from './phone-format.ts';

/**
 * A phone number with its country (a flag and calling code in a select). Shows
 * the international format once the number is valid; the form value is E.164.
 * Its own chunk: libphonenumber-js loads only for forms with a phone field.
 */
export default function TelField({ form, field }: FieldProps) {
  const { t } = useTranslation();
  const b = useInputBinding(form, field.path);
  const stored = asText(form.values[field.path]);
  const initial = readPhone(stored, defaultCallingCountry());
  const [country, setCountry] = useState<CountryCode>(initial.country ?? defaultCallingCountry());
  const [text, setText] = useState(initial.international ?? stored);
  const lastStored = useRef(stored);

  // A value set from outside (a reset, a saved profile) replaces the text.
  useEffect(() => {
    if (stored === lastStored.current) return;
    lastStored.current = stored;
    const r = readPhone(stored, country);
    setText(r.international ?? stored);
    if (r.country) setCountry(r.country);
  }, [stored, country]);

  function update(nextText: string, nextCountry: CountryCode) {
    const r = readPhone(nextText, nextCountry);
    if (r.country && r.country !== nextCountry) setCountry(r.country);
    lastStored.current = r.value;
    form.setValue(field.path, r.value);
  }

  const labelId = `${b.id}-label`;
  const countryLabelId = `${b.id}-country`;
  return (
    <FieldFrame field={field}>
      <div className="p-field" role="group" aria-labelledby={labelId}>
        <label id={labelId} className="p-label" htmlFor={b.id}><LabelText label={field.label} required={field.required} /></label>
        <span id={countryLabelId} className="p-sr-only">{t('forms.tel.country')}</span>
        <div className="p-tel">
          <select className="p-select" aria-labelledby={`${labelId} ${countryLabelId}`} value={country} autoComplete="tel-country-code"
            onChange={(e) => { const c = e.target.value as CountryCode; setCountry(c); update(text, c); }}>
            {callingCountries().map((c) => <option key={c.code} value={c.code}>{c.label}</option>)}
          </select>
          <input id={b.id} ref={b.ref} className="p-input" type="tel" inputMode="tel" autoComplete="tel" value={text}
            aria-required={field.required || undefined} aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy}
            onChange={(e) => {
              const raw = e.target.value;
              const atEnd = e.target.selectionStart === raw.length && raw.length > text.length;
              const shown = atEnd ? formatAsYouType(raw, country) : raw;
              setText(shown);
              update(shown, country);
            }}
            onBlur={() => {
              const r = readPhone(text, country);
              if (r.international) setText(r.international);
              b.onBlur();
            }} />
        </div>
        <FieldErrorText id={b.errorId} error={b.error} />
      </div>
    </FieldFrame>
  );
}
