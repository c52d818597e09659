import './setup.ts';
import { ErrorCode, isValidEmail, type FieldError } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { REAUTH_CANCELLED, useReauthentication } from '../../auth/reauthenticate/use-reauthentication.tsx';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { FieldErrorText, LabelText, useInputBinding } from '../../components/fields/field-parts.tsx';
import { fieldsSheetRef } from '../../components/fields/setup.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useForm, type FormApi } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PasswordField } from '../../passwords/password-field.tsx';
import type { ScreenProps } from '../../states.ts';
import { fetchProfile, type Profile } from '../profile-view/profile-calls.ts';
import { useProfileKey } from '../profile-view/use-profile-key.ts';
import { requestEmailChange } from './email-change-calls.ts';
import { emailChangeSheetRef } from './setup.ts';

const NO_FIELDS = [] as const;

/**
 * emailChange (issue 12; an added state, docs/states.md): the new email and the current password
 * (always asked: a signed-in token alone must not move the account to another inbox), and whether
 * to sign out elsewhere once it is confirmed. 'Send link' → POST /profile/email → emailChangeSent;
 * the email changes only when the link mailed to the new address is opened. Cancel → profile. A
 * Google-linked login's email is Google's: the screen says so.
 */
export default function EmailChangeScreen(_props: ScreenProps<'emailChange'>) {
  const { t } = useTranslation();
  const key = useProfileKey('me');
  const query = useApiQuery(key, fetchProfile);
  return (
    <div ref={emailChangeSheetRef}>
      <ScreenHeading>{t('states.emailChange')}</ScreenHeading>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {!query.data && query.loading && <Spinner />}
      {query.data && (query.data.OAuthGoogleProfileId ? <GoogleManaged /> : <EmailChangeForm profile={query.data} />)}
    </div>
  );
}

function GoogleManaged() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <>
      <p className="p-lead">{t('emailChange.googleManaged')}</p>
      <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('profile')}>{t('emailChange.backToProfile')}</button>
    </>
  );
}

function EmailChangeForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { actions, headingId } = useWidget();
  const api = useApi();
  const reauth = useReauthentication();
  const form = useForm({
    fields: NO_FIELDS,
    validate: (v) => {
      const errors: FieldError[] = [];
      const email = typeof v.NewEmail === 'string' ? v.NewEmail.trim() : '';
      if (!email) errors.push({ Field: 'NewEmail', ErrorCode: ErrorCode.Required, Message: '' });
      else if (!isValidEmail(email)) errors.push({ Field: 'NewEmail', ErrorCode: ErrorCode.InvalidEmail, Message: '' });
      else if (email === profile.Email) errors.push({ Field: 'NewEmail', ErrorCode: ErrorCode.InvalidValue, Message: t('emailChange.sameEmail') });
      if (!v.Password) errors.push({ Field: 'Password', ErrorCode: ErrorCode.Required, Message: '' });
      return errors;
    },
  });

  const send = form.handleSubmit(async ({ raw }) => {
    const body = { NewEmail: String(raw.NewEmail).trim(), Password: String(raw.Password), EndOtherSessions: raw.EndOtherSessions === true };
    const answer = await reauth.run(() => requestEmailChange(api, body));
    if (answer === REAUTH_CANCELLED) return;
    actions.goTo('emailChangeSent', { email: answer.PendingEmail }, { replace: true });
  });

  return (
    <>
      <p className="p-lead p-email-lead" style={{ marginBottom: 20 }}>{t('emailChange.intro', { email: profile.Email })}</p>
      <form ref={fieldsSheetRef} className="p-form" noValidate onSubmit={send} aria-labelledby={headingId}>
        <ErrorList errors={form.errorList} />
        <NewEmailInput form={form} label={t('emailChange.newEmail')} />
        <PasswordField form={form} path="Password" label={t('emailChange.password')} autoComplete="current-password" />
        <CheckboxField label={t('emailChange.endOthers')} checked={form.values.EndOtherSessions === true}
          onChange={(checked) => form.setValue('EndOtherSessions', checked)} />
        <div className="p-form-actions">
          <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>{form.busy ? t('emailChange.sending') : t('emailChange.submit')}</button>
          <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('profile')}>{t('emailChange.cancel')}</button>
        </div>
      </form>
      {reauth.prompt}
    </>
  );
}

function NewEmailInput({ form, label }: { form: FormApi; label: string }) {
  const b = useInputBinding(form, 'NewEmail', label);
  const value = typeof form.values.NewEmail === 'string' ? form.values.NewEmail : '';
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={b.id}><LabelText label={label} required /></label>
      <input id={b.id} ref={b.ref} className="p-input" type="email" value={value} autoComplete="email" required aria-required="true"
        aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy} spellCheck={false} autoCapitalize="off"
        onChange={(e) => form.setValue('NewEmail', e.target.value)} onBlur={b.onBlur} />
      <FieldErrorText id={b.errorId} error={b.error} />
    </div>
  );
}
