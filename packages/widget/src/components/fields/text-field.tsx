import type { FieldProps } from './field-parts.tsx';
import { TextInput } from './text-input.tsx';

/** Autocomplete tokens for the entity properties browsers know. */
const AUTOCOMPLETE: Record<string, string> = {
  'Person.FirstName': 'given-name', 'Person.LastName': 'family-name', 'Person.Title': 'organization-title', 'Account.Name': 'organization',
};

export function TextField(props: FieldProps) {
  return <TextInput {...props} extras={{ type: 'text', autoComplete: AUTOCOMPLETE[props.field.path] ?? 'off' }} />;
}
