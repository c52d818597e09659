import { useId } from 'react';
import type { Option } from './select-field.tsx';

/** A radio list in a fieldset with a legend; 'segmented' renders it as a compact switcher. */
export function RadioList(props: { legend: string; value: string; options: Option[]; variant?: 'list' | 'segmented'; onChange(value: string): void }) {
  const name = useId();
  return (
    <fieldset className={`p-fieldset${props.variant === 'segmented' ? ' p-segmented' : ''}`}>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="p-radio">
          <input type="radio" name={name} value={o.value} checked={props.value === o.value} onChange={() => props.onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
