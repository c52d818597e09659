import { useId, type ReactNode, type Ref } from 'react';
import type { Option } from './select-field.tsx';

/** A radio list in a fieldset with a legend; 'segmented' renders it as a compact switcher. */
export function RadioList(props: {
  legend: ReactNode;
  value: string;
  options: Option[];
  variant?: 'list' | 'segmented';
  required?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Receives the first radio: where focus goes when the list has an error. */
  firstRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
  onChange(value: string): void;
}) {
  const name = useId();
  // role=radiogroup (allowed on fieldset) carries required/invalid, which a plain group cannot.
  return (
    <fieldset className={`p-fieldset${props.variant === 'segmented' ? ' p-segmented' : ''}`}
      role={props.required || props.invalid ? 'radiogroup' : undefined}
      aria-required={props.required || undefined} aria-invalid={props.invalid || undefined} aria-describedby={props.describedBy}>
      <legend>{props.legend}</legend>
      {props.options.map((o, i) => (
        <label key={o.value} className="p-radio">
          <input ref={i === 0 ? props.firstRef : undefined} type="radio" name={name} value={o.value} checked={props.value === o.value}
            onBlur={props.onBlur} onChange={() => props.onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
