import type { FieldProps } from './field-parts.tsx';
import { TextInput } from './text-input.tsx';

/**
 * A text input with a decimal keypad rather than type=number: a number input
 * reports '' for text it cannot parse, which would hide the 'Enter a number'
 * error, and it changes value on scroll. (The integer stepper of quantities is
 * IntegerInput, a different control.)
 */
export function NumberField(props: FieldProps) {
  return <TextInput {...props} extras={{ type: 'text', inputMode: 'decimal', autoComplete: 'off' }} />;
}
