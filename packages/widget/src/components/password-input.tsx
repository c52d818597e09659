import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** Password field with a show/hide toggle (aria-pressed). */
export function PasswordInput(props: { label: string; value: string; autoComplete?: string; required?: boolean; onChange(value: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={id}>{props.label}</label>
      <div className="p-password">
        <input id={id} className="p-input" type={visible ? 'text' : 'password'} value={props.value}
          autoComplete={props.autoComplete ?? 'current-password'} required={props.required}
          onChange={(e) => props.onChange(e.target.value)} />
        <button type="button" className="p-reveal" aria-controls={id} aria-pressed={visible}
          aria-label={visible ? t('controls.hidePassword') : t('controls.showPassword')}
          onClick={() => setVisible((v) => !v)}>
          {visible ? t('controls.hide') : t('controls.show')}
        </button>
      </div>
    </div>
  );
}
