import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export interface Option {
  value: string;
  label: string;
}

/** A native select with its label (16px text under 768px width, see stylesheets.ts). */
export function SelectField(props: {
  label: ReactNode;
  value: string;
  options: Option[];
  required?: boolean;
  disabled?: boolean;
  placeholder?: boolean | string;
  id?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  autoComplete?: string;
  selectRef?: Ref<HTMLSelectElement>;
  onBlur?(): void;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = props.id ?? ownId;
  const placeholder = typeof props.placeholder === 'string' ? props.placeholder : t('controls.selectPlaceholder');
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={id}>{props.label}</label>
      <select id={id} ref={props.selectRef} className="p-select" value={props.value} required={props.required} disabled={props.disabled}
        aria-required={props.required || undefined} aria-invalid={props.invalid || undefined} aria-describedby={props.describedBy}
        autoComplete={props.autoComplete} onBlur={props.onBlur} onChange={(e) => props.onChange(e.target.value)}>
        {props.placeholder && <option value="">{placeholder}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </div>
  );
}
