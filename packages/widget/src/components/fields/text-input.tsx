import { asText } from '@portico/core/fields/index';
import type { InputHTMLAttributes } from 'react';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';

/** Attributes an input type adds (type, inputMode, autoComplete…); min, max, lengths and pattern come from the field. */
export type InputExtras = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'spellCheck' | 'autoCapitalize'>;

/**
 * The shared single-line input of Text, Email, Number and Date fields. The form
 * has noValidate, so the native constraint attributes only inform the browser
 * and assistive technology; core's rules decide.
 */
export function TextInput({ form, field, extras }: FieldProps & { extras?: InputExtras }) {
  const b = useInputBinding(form, field.path);
  const { Min, Max, MinLength, MaxLength, Pattern } = field.params;
  return (
    <FieldFrame field={field}>
      <div className="p-field">
        <label className="p-label" htmlFor={b.id}><LabelText label={field.label} required={field.required} /></label>
        <input id={b.id} ref={b.ref} className="p-input" {...extras}
          value={asText(form.values[field.path])}
          aria-required={field.required || undefined} aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy}
          min={Min} max={Max} minLength={MinLength} maxLength={MaxLength} pattern={Pattern}
          onChange={(e) => form.setValue(field.path, e.target.value)} onBlur={b.onBlur} />
        <FieldErrorText id={b.errorId} error={b.error} />
      </div>
    </FieldFrame>
  );
}
