import type { FieldProps } from './field-parts.tsx';
import { TextInput } from './text-input.tsx';

export function EmailField(props: FieldProps) {
  return <TextInput {...props} extras={{ type: 'email', inputMode: 'email', autoComplete: 'email', spellCheck: false, autoCapitalize: 'off' }} />;
}
