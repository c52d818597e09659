import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode, type FieldError } from '@portico/core';
import { toCardTokenRequest, validateCardForm, type CardFormInput } from '@portico/core/payments/card-rules';
import type { DisplayError } from '../components/error-list-logic.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { COMPLETENESS_DEBOUNCE_MS, type GatewayConfirm, type GatewayEntryProps } from './payment-types.ts';
import { isSandboxError, loadSandboxScript } from './sandbox-script.ts';
import { paymentsSheetRef } from './setup.ts';

type CardField = keyof CardFormInput;
const FIELDS: { name: CardField; label: string; autoComplete: string; inputMode?: 'numeric' | 'text'; hint?: string }[] = [
  { name: 'NameOnCard', label: 'payments.nameOnCard', autoComplete: 'cc-name' },
  { name: 'CardNumber', label: 'payments.cardNumber', autoComplete: 'cc-number', inputMode: 'numeric' },
  { name: 'Expiration', label: 'payments.exp', autoComplete: 'cc-exp', hint: 'payments.expHint' },
  { name: 'Cvv', label: 'payments.cvv', autoComplete: 'cc-csc', inputMode: 'numeric' },
];
/** The provider's token request fields back to the form's (the sandbox names the field it refused). */
const FORM_FIELD: Record<string, CardField> = { name_on_card: 'NameOnCard', card_number: 'CardNumber', expire_month: 'Expiration', expire_year: 'Expiration', cvv: 'Cvv' };

const EMPTY: CardFormInput = { NameOnCard: '', CardNumber: '', Expiration: '', Cvv: '' };

/**
 * The spec's local card form (spec 1 section 2 "Payment form", section 5 "Native card form"):
 * Name on card, Card number, Exp and CVV, checked with core's card rules, then tokenized by the
 * sandbox's script (/js/v1, loaded on first confirm) so card numbers never reach Portico's API,
 * and the intent confirmed with the one-time token.
 */
export default function SandboxCardForm({ intent, publishableKey, returnUrl, onComplete, register, server, demo = false }: GatewayEntryProps & { demo?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<CardFormInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, DisplayError>>>({});
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const latest = useRef(values);
  latest.current = values;
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;

  useEffect(() => {
    const timer = setTimeout(() => completeRef.current(validateCardForm(values, new Date()).length === 0), COMPLETENESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values]);

  useEffect(() => {
    const show = (list: FieldError[]): DisplayError[] => {
      const byField: Partial<Record<CardField, DisplayError>> = {};
      for (const e of list) byField[e.Field as CardField] ??= { code: e.ErrorCode, message: e.Message };
      setErrors(byField);
      const first = FIELDS.find((f) => byField[f.name]);
      if (first) inputs.current[first.name]?.focus();
      return FIELDS.flatMap((f) => (byField[f.name] ? [{ ...byField[f.name]!, field: t(f.label) }] : []));
    };

    async function confirm(): Promise<GatewayConfirm> {
      const card = latest.current;
      const problems = validateCardForm(card, new Date());
      if (problems.length) return { status: 'failed', errors: show(problems), atFields: true };
      setErrors({});
      const nameOnCard = card.NameOnCard.trim();
      if (demo) return { status: 'succeeded', paymentToken: null, nameOnCard };
      let sandbox;
      try {
        sandbox = await loadSandboxScript(server);
      } catch {
        return { status: 'failed', errors: [{ code: ErrorCode.SystemError, message: t('payments.scriptFailed') }] };
      }
      const token = await sandbox.createToken({ api_login_id: publishableKey, ...toCardTokenRequest(card), name_on_card: nameOnCard });
      if (isSandboxError(token)) {
        // Spec 1 section 8: provider token errors become Errors.{description}.
        const field = token.error.field ? FORM_FIELD[token.error.field] : undefined;
        const code = `Errors.${token.error.description}`;
        if (field) return { status: 'failed', errors: show([{ Field: field, ErrorCode: code, Message: token.error.message }]), atFields: true };
        return { status: 'failed', errors: [{ code, message: token.error.message }] };
      }
      const confirmed = await sandbox.confirmIntent(intent.ClientSecret, { payment_method: token.onetime_token, return_url: returnUrl });
      if (isSandboxError(confirmed)) return { status: 'failed', errors: [{ code: confirmed.error.code, message: confirmed.error.message }] };
      if (confirmed.status === 'requires_action') return { status: 'requires_action', authenticate: () => sandbox.authenticate(intent.ClientSecret) };
      if (confirmed.status === 'succeeded' || confirmed.status === 'requires_capture') return { status: 'succeeded', paymentToken: token.onetime_token, nameOnCard };
      return { status: 'failed', errors: [{ code: ErrorCode.PaymentInformationSetupFailed, ...(confirmed.last_error ? { message: confirmed.last_error } : {}) }] };
    }
    register(confirm);
    return () => register(null);
  }, [register, intent.ClientSecret, publishableKey, returnUrl, server, demo, t]);

  const set = (name: CardField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const field = (f: (typeof FIELDS)[number]) => {
    const inputId = `${id}-${f.name}`;
    const error = errors[f.name];
    const describedBy = [f.hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className="p-field" key={f.name}>
        <label className="p-label" htmlFor={inputId}>{t(f.label)}</label>
        <input id={inputId} ref={(el) => { inputs.current[f.name] = el; }} className="p-input" autoComplete={f.autoComplete}
          inputMode={f.inputMode} spellCheck={false} aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={describedBy}
          placeholder={f.hint ? t(f.hint) : undefined} value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} />
        {f.hint && <span id={`${inputId}-hint`} className="p-sr-only">{t(f.hint)}</span>}
        {error && <p id={`${inputId}-error`} className="p-field-error">{t(error.code, { defaultValue: error.message ?? error.code })}</p>}
      </div>
    );
  };

  return (
    <fieldset ref={paymentsSheetRef} className="p-pay">
      <legend>{t('payments.legend')}</legend>
      {!demo && <p className="p-pay-note">{t('payments.sandboxNote')}</p>}
      {field(FIELDS[0]!)}
      {field(FIELDS[1]!)}
      <div className="p-pay-row">
        {field(FIELDS[2]!)}
        {field(FIELDS[3]!)}
      </div>
    </fieldset>
  );
}
