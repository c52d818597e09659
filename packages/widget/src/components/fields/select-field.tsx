import { asText } from '@portico/core/fields/index';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SelectField as Select } from '../select-field.tsx';
import { FieldErrorText, FieldFrame, LabelText, useInputBinding, type FieldProps } from './field-parts.tsx';

export function SelectField({ form, field }: FieldProps) {
  const { t } = useTranslation();
  const b = useInputBinding(form, field.path);
  return (
    <FieldFrame field={field}>
      <Select id={b.id} selectRef={b.ref} label={<LabelText label={field.label} required={field.required} />}
        value={asText(form.values[field.path])} placeholder={t('forms.select.placeholder')}
        options={field.params.Options.map((o) => ({ value: o.Value, label: o.Label }))}
        required={field.required} invalid={b.invalid} describedBy={b.describedBy} onBlur={b.onBlur}
        onChange={(value) => { form.setValue(field.path, value); form.touch(field.path); }} />
      <FieldErrorText id={b.errorId} error={b.error} />
    </FieldFrame>
  );
}
