import { useId } from 'react';
import { ErrorCode, type FieldError } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { changePassword } from '../../passwords/password-calls.ts';
import { PasswordField } from '../../passwords/password-field.tsx';
import { PasswordRules } from '../../passwords/password-rules.tsx';
import { usePasswordCheck } from '../../passwords/use-password-check.ts';
import { REAUTH_CANCELLED, useReauthentication } from '../../auth/reauthenticate/use-reauthentication.tsx';

const NO_FIELDS = [] as const;
const PATHS = ['ExistingPassword', 'NewPassword', 'ConfirmPassword'] as const;

/**
 * Current, new and confirmation (each required; new must equal confirmation: Errors.PasswordsDoNotMatch
 * on ConfirmPassword, spec 2 section 5), the new one with live rule indicators (the signed-in token
 * accompanies the server check). PUT /profile/password; the server's field errors land inline.
 */
export function ChangePasswordForm({ onDone, onCancel }: { onDone(): Promise<void> | void; onCancel(): void }) {
  const { t } = useTranslation();
  const { settings, headingId } = useWidget();
  const api = useApi();
  const rulesId = useId();
  const form = useForm({
    fields: NO_FIELDS,
    validate: (v) => {
      const errors: FieldError[] = PATHS.filter((p) => !v[p]).map((p) => ({ Field: p, ErrorCode: ErrorCode.Required, Message: '' }));
      if (v.ConfirmPassword && v.NewPassword !== v.ConfirmPassword) {
        errors.push({ Field: 'ConfirmPassword', ErrorCode: ErrorCode.PasswordsDoNotMatch, Message: 'The new password and confirm password fields do not match' });
      }
      return errors;
    },
  });
  const password = typeof form.values.NewPassword === 'string' ? form.values.NewPassword : '';
  const check = usePasswordCheck(password, settings.PasswordPolicy, null);
  const reauth = useReauthentication();
  const save = form.handleSubmit(async ({ raw }) => {
    // The current password is the server's proof, so it does not ask again; the step stays in the path like every sensitive action.
    const body = { ExistingPassword: String(raw.ExistingPassword), NewPassword: String(raw.NewPassword), ConfirmPassword: String(raw.ConfirmPassword) };
    if (await reauth.run(() => changePassword(api, body)) === REAUTH_CANCELLED) return;
    await onDone();
  });
  return (
    <>
      <form className="p-form p-password-form" noValidate onSubmit={save} aria-labelledby={headingId}>
        <ErrorList errors={form.errorList} />
        <PasswordField form={form} path="ExistingPassword" label={t('passwords.change.current')} autoComplete="current-password" />
        <PasswordField form={form} path="NewPassword" label={t('passwords.change.password')} autoComplete="new-password" rulesId={rulesId}>
          <PasswordRules id={rulesId} policy={settings.PasswordPolicy} items={check.items} checking={check.checking} />
        </PasswordField>
        <PasswordField form={form} path="ConfirmPassword" label={t('passwords.change.confirm')} autoComplete="new-password" />
        <div className="p-password-actions">
          <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>
            {form.busy ? t('passwords.change.saving') : t('passwords.change.save')}
          </button>
          <button type="button" className="p-btn p-btn-secondary" onClick={onCancel}>{t('passwords.change.cancel')}</button>
        </div>
      </form>
      {reauth.prompt}
    </>
  );
}
