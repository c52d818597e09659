import { asText } from '@portico/core/fields/index';
import { RadioList } from '../radio-list.tsx';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';

export function RadioListField({ form, field }: FieldProps) {
  const b = useInputBinding(form, field.path);
  return (
    <FieldFrame field={field}>
      <RadioList legend={<LabelText label={field.label} required={field.required} />} value={asText(form.values[field.path])}
        options={field.params.Options.map((o) => ({ value: o.Value, label: o.Label }))}
        required={field.required} invalid={b.invalid} describedBy={b.describedBy} firstRef={b.ref} onBlur={b.onBlur}
        onChange={(value) => { form.setValue(field.path, value); form.touch(field.path); }} />
      <FieldErrorText id={b.errorId} error={b.error} />
    </FieldFrame>
  );
}
