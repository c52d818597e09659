import { useId } from 'react';
import { asCheckboxList } from '@portico/core/fields/index';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';

/** Keeps unchecked entries while editing; core's normalizeForSubmit drops them on submit. */
export function CheckboxListField({ form, field }: FieldProps) {
  const b = useInputBinding(form, field.path);
  const name = useId();
  const checked = asCheckboxList(form.values[field.path]);
  return (
    <FieldFrame field={field}>
      <fieldset className={`p-fieldset p-checklist${b.invalid ? ' p-invalid' : ''}`} aria-describedby={b.describedBy}>
        <legend><LabelText label={field.label} required={field.required} /></legend>
        {field.params.Options.map((o, i) => (
          <div key={o.Value} className="p-check">
            <input id={`${name}-${i}`} ref={i === 0 ? b.ref : undefined} type="checkbox" checked={checked[o.Value] === true}
              aria-invalid={b.invalid || undefined} onBlur={b.onBlur}
              onChange={(e) => { form.setValue(field.path, { ...checked, [o.Value]: e.target.checked }); form.touch(field.path); }} />
            <label htmlFor={`${name}-${i}`}>{o.Label}</label>
          </div>
        ))}
      </fieldset>
      <FieldErrorText id={b.errorId} error={b.error} />
    </FieldFrame>
  );
}
