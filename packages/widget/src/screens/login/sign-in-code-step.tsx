import { useCallback, useState } from 'react';
import { ErrorCode, type FieldError } from '@portico/core';
import { ErrorList } from '../../components/error-list.tsx';
import { FieldErrorText, useInputBinding } from '../../components/fields/field-parts.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

export const CODE = 'code';
const NO_FIELDS = [] as const;

export interface SignInCodeStepProps {
  email: string;
  /** Signs in with the typed code, or asks for a new one; rejects with the login's problem shape. */
  send(extra: { code: string } | { resendCode: true }): Promise<void>;
  onBack(): void;
  busy: boolean;
}

/**
 * The login's code step (docs/auth.md "Lockout and known browsers"): after Errors.SignInCodeRequired
 * the person types the code mailed to them; the password typed before goes with it. A wrong code
 * shows on the code input; 'Send a new code' asks again (the server answers the same whether the
 * password was right, so the text says what it can); 'Back' returns to the password.
 */
export function SignInCodeStep({ email, send, onBack, busy }: SignInCodeStepProps) {
  const { t } = useTranslation();
  const validate = useCallback((values: Record<string, unknown>): FieldError[] =>
    (typeof values[CODE] === 'string' && values[CODE].trim() !== '' ? [] : [{ Field: CODE, ErrorCode: ErrorCode.Required, Message: '' }]), []);
  const form = useForm({ fields: NO_FIELDS, initialValues: { [CODE]: '' }, validate });
  // No check on blur: leaving the empty (focused) input for 'Send a new code' or 'Back' must not show an error that moves those buttons.
  const label = t('signin.code.label');
  const b = useInputBinding(form, CODE, label);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  const submit = form.handleSubmit(async ({ raw }) => {
    setResent(false);
    await send({ code: String(raw[CODE] ?? '').replace(/[^0-9]/g, '') });
  });
  const resend = async () => {
    if (resending) return;
    setResending(true);
    setResent(false);
    try {
      await send({ resendCode: true });
    } catch (problem) {
      // The expected answer: a code is (still) required, and a new one is on its way if the password was right.
      if ((problem as { ErrorCode?: unknown }).ErrorCode === ErrorCode.SignInCodeRequired) setResent(true);
      else form.showProblem(problem);
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="p-stack" noValidate onSubmit={submit} aria-label={t('signin.code.title')}>
      <p className="p-lead">{t('signin.code.sent', { email })}</p>
      <p className="p-help">{t('signin.code.why')}</p>
      <ErrorList errors={form.errorList} />
      <div className="p-field">
        <label className="p-label" htmlFor={b.id}>{label}<span className="p-required" aria-hidden="true"> *</span></label>
        <input id={b.id} ref={b.ref} className="p-input" type="text" inputMode="numeric" autoComplete="one-time-code"
          pattern="[0-9 ]*" maxLength={7} autoFocus
          value={typeof form.values[CODE] === 'string' ? form.values[CODE] : ''}
          aria-required="true" aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy}
          onChange={(e) => { form.setValue(CODE, e.target.value); form.touch(CODE); }} />
        <FieldErrorText id={b.errorId} error={b.error} />
      </div>
      <button type="submit" className="p-btn p-btn-primary p-btn-block" aria-disabled={form.busy || busy || undefined}>
        {form.busy || busy ? t('signin.code.submitting') : t('signin.code.submit')}
      </button>
      <p className="p-help" role="status">{resent ? t('signin.code.resent', { email }) : ''}</p>
      <div className="p-toggle-row">
        <button type="button" className="p-link" onClick={() => { void resend(); }} aria-disabled={resending || undefined}>
          {resending ? t('signin.code.resending') : t('signin.code.resend')}
        </button>
        <button type="button" className="p-btn p-btn-secondary" onClick={onBack}>{t('signin.code.back')}</button>
      </div>
    </form>
  );
}
