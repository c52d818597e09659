import { useId } from 'react';
import type { PasswordPolicy } from '@portico/core';
import type { FormApi } from '../forms/use-form.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { PasswordField } from './password-field.tsx';
import { PasswordRules } from './password-rules.tsx';
import { passwordsSheetRef } from './setup.ts';
import { usePasswordCheck } from './use-password-check.ts';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The register screen's password when the company asks for one (`registration.requirePassword`,
 * InitSettings.SignUp.RequirePassword): the one password input with its live policy check, where
 * the name and email typed above count as personal data. Its own chunk (with the password strings
 * and sheet), loaded only by a company that asks for a password.
 */
export default function SignupPasswordField({ form, path, policy }: { form: FormApi; path: string; policy: PasswordPolicy }) {
  const { t } = useTranslation();
  const rulesId = useId();
  const { values } = form;
  const password = typeof values[path] === 'string' ? values[path] : '';
  const check = usePasswordCheck(password, policy, null, {
    Email: text(values['Person.Email']), FirstName: text(values['Person.FirstName']), LastName: text(values['Person.LastName']),
  });
  return (
    <div ref={passwordsSheetRef}>
      <PasswordField form={form} path={path} label={t('passwords.signup.password')} autoComplete="new-password" rulesId={rulesId}>
        <PasswordRules id={rulesId} policy={policy} items={check.items} checking={check.checking} newPerson />
      </PasswordField>
    </div>
  );
}
