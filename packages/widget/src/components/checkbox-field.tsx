import { useId } from 'react';

export function CheckboxField(props: { label: string; checked: boolean; required?: boolean; disabled?: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="p-check">
      <input id={id} type="checkbox" checked={props.checked} required={props.required} disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}
