import { useState, type ReactNode } from 'react';
import type { FormApi } from '../forms/use-form.ts';
import { FieldErrorText, LabelText, useInputBinding } from '../components/fields/field-parts.tsx';
import { useTranslation } from '../i18n/use-translation.ts';

/**
 * A password input of a form (its own path, not a configured field): show/hide toggle, the
 * error linked to it, and optionally the rule indicators (`rulesId` joins aria-describedby).
 * The value is kept exactly as typed: no trimming, paste allowed.
 */
export function PasswordField(props: {
  form: FormApi; path: string; label: string; autoComplete: 'current-password' | 'new-password';
  rulesId?: string; children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, path } = props;
  const b = useInputBinding(form, path, props.label);
  const [visible, setVisible] = useState(false);
  const value = typeof form.values[path] === 'string' ? form.values[path] : '';
  const describedBy = [b.describedBy, props.rulesId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={b.id}><LabelText label={props.label} required /></label>
      <div className="p-password">
        <input id={b.id} ref={b.ref} className="p-input" type={visible ? 'text' : 'password'} value={value}
          autoComplete={props.autoComplete} required aria-required="true" aria-invalid={b.invalid || undefined} aria-describedby={describedBy}
          spellCheck={false} autoCapitalize="off" autoCorrect="off"
          onChange={(e) => form.setValue(path, e.target.value)} onBlur={b.onBlur} />
        <button type="button" className="p-reveal" aria-controls={b.id} aria-pressed={visible}
          aria-label={visible ? t('controls.hidePassword') : t('controls.showPassword')}
          onClick={() => setVisible((v) => !v)}>
          {visible ? t('controls.hide') : t('controls.show')}
        </button>
      </div>
      <FieldErrorText id={b.errorId} error={b.error} />
      {props.children}
    </div>
  );
}
