import { useMemo } from 'react';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { readLastEmail } from '../../signin/last-email.ts';
import { browser } from '../../signin/complete-sign-in.ts';
import { forgotPasswordFields } from '../../passwords/email-field-config.ts';
import { pageForLink, requestPasswordReset } from '../../passwords/password-calls.ts';
import { passwordsSheetRef } from '../../passwords/setup.ts';

/**
 * forgotPassword (spec 2 section 2): the email, 'Send Reset Email' and 'Cancel'. The server answers
 * the same whether or not the address has an account, so success always shows the confirmation.
 * The link comes back to this page (in demo mode the demo transport answers, no mail). Cancel opens the
 * configured post-forgot-password URL, else login.
 */
export default function ForgotPasswordScreen({ params }: ScreenProps<'forgotPassword'>) {
  const { t } = useTranslation();
  const { settings, actions, headingId } = useWidget();
  const api = useApi();
  const incoming = useIncomingErrors();
  const label = t('passwords.forgot.email');
  const fields = useMemo(() => forgotPasswordFields(label), [label]);
  const initial = params.email ?? readLastEmail(settings.SignIn?.RememberLastEmail === true);
  const form = useForm({ fields, initialValues: initial ? { 'Person.Email': initial } : {} });

  const send = form.handleSubmit(async ({ values }) => {
    const email = String(values['Person.Email'] ?? '');
    await requestPasswordReset(api, email, pageForLink(browser.href()));
    actions.goTo('forgotPasswordConfirmation', { email });
  });
  const cancel = () => {
    const url = settings.RegistrationUrls.PostForgotPassword;
    if (url) browser.assign(url);
    else actions.goTo('login');
  };

  return (
    <div ref={passwordsSheetRef}>
      <ScreenHeading>{t('states.forgotPassword')}</ScreenHeading>
      <p className="p-lead">{t('passwords.forgot.text')}</p>
      <form className="p-form p-password-form" noValidate onSubmit={send} aria-labelledby={headingId}>
        <ErrorList errors={[...incoming, ...form.errorList]} />
        <ConfiguredFields form={form} />
        <div className="p-password-actions">
          <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>
            {form.busy ? t('passwords.forgot.sending') : t('passwords.forgot.submit')}
          </button>
          <button type="button" className="p-btn p-btn-secondary" onClick={cancel}>{t('passwords.forgot.cancel')}</button>
        </div>
      </form>
    </div>
  );
}
