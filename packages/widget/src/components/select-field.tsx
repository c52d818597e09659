import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export interface Option {
  value: string;
  label: string;
}

/** A native select with its label (16px text under 768px width, see stylesheets.ts). */
export function SelectField(props: { label: string; value: string; options: Option[]; required?: boolean; disabled?: boolean; placeholder?: boolean; onChange(value: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={id}>{props.label}</label>
      <select id={id} className="p-select" value={props.value} required={props.required} disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}>
        {props.placeholder && <option value="">{t('controls.selectPlaceholder')}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </div>
  );
}
