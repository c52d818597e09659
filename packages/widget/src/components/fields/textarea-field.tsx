import { asText } from '@portico/core/fields/index';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';

export function TextAreaField({ form, field }: FieldProps) {
  const b = useInputBinding(form, field.path);
  return (
    <FieldFrame field={field}>
      <div className="p-field">
        <label className="p-label" htmlFor={b.id}><LabelText label={field.label} required={field.required} /></label>
        <textarea id={b.id} ref={b.ref} className="p-input" rows={field.params.Rows ?? 4}
          value={asText(form.values[field.path])} minLength={field.params.MinLength} maxLength={field.params.MaxLength}
          aria-required={field.required || undefined} aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy}
          // Spec 2 section 5: "Text areas stop Enter key propagation" (a host or dialog handler must not act on it).
          onKeyDown={(e) => { if (e.key === 'Enter') e.stopPropagation(); }}
          onChange={(e) => form.setValue(field.path, e.target.value)} onBlur={b.onBlur} />
        <FieldErrorText id={b.errorId} error={b.error} />
      </div>
    </FieldFrame>
  );
}
