import { CheckboxField as Checkbox } from '../checkbox-field.tsx';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';

export function CheckboxField({ form, field }: FieldProps) {
  const b = useInputBinding(form, field.path);
  return (
    <FieldFrame field={field}>
      <Checkbox id={b.id} inputRef={b.ref} label={<LabelText label={field.label} required={field.required} />} checked={form.values[field.path] === true}
        required={field.required} invalid={b.invalid} describedBy={b.describedBy} onBlur={b.onBlur}
        onChange={(checked) => { form.setValue(field.path, checked); form.touch(field.path); }} />
      <FieldErrorText id={b.errorId} error={b.error} />
    </FieldFrame>
  );
}
