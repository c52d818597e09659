import type { FieldProps } from './field-parts.tsx';
import { TextInput } from './text-input.tsx';

/** The browser's date picker; its value is YYYY-MM-DD, the form core checks. */
export function DateField(props: FieldProps) {
  return <TextInput {...props} extras={{ type: 'date', autoComplete: props.field.path.endsWith('Birthday') ? 'bday' : 'off' }} />;
}
