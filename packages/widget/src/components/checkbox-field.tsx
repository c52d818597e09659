import { useId, type ReactNode, type Ref } from 'react';

export function CheckboxField(props: {
  label: ReactNode;
  checked: boolean;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
  onChange(checked: boolean): void;
}) {
  const ownId = useId();
  const id = props.id ?? ownId;
  return (
    <div className="p-check">
      <input id={id} ref={props.inputRef} type="checkbox" checked={props.checked} required={props.required} disabled={props.disabled}
        aria-invalid={props.invalid || undefined} aria-describedby={props.describedBy}
        onBlur={props.onBlur} onChange={(e) => props.onChange(e.target.checked)} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}
