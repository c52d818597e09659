import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { toCardTokenRequest, validateCardForm, type CardFormInput } from '@portico/core/payments/card-rules';
import type { DisplayError } from '../components/error-list-logic.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { CardFieldInput } from './card-field-input.tsx';
import { CARD_FIELDS as FIELDS, cardRuleErrors, errorsByField, shownCardErrors, type CardErrors, type CardField } from './card-form-logic.ts';
import { formatExpiryInput } from './expiry-input.ts';
import { COMPLETENESS_DEBOUNCE_MS, type GatewayConfirm, type GatewayEntryProps } from './payment-types.ts';
import { isSandboxError, loadSandboxScript } from './sandbox-script.ts';
import { paymentsSheetRef } from './setup.ts';

/** The provider's token request fields back to the form's (the sandbox names the field it refused). */
const FORM_FIELD: Record<string, CardField> = { name_on_card: 'NameOnCard', card_number: 'CardNumber', expire_month: 'Expiration', expire_year: 'Expiration', cvv: 'Cvv' };

const EMPTY: CardFormInput = { NameOnCard: '', CardNumber: '', Expiration: '', Cvv: '' };

/**
 * The spec's local card form (spec 1 section 2 "Payment form", section 5 "Native card form"):
 * Name on card, Card number, Exp and CVV, checked with core's card rules, then tokenized by the
 * sandbox's script (/js/v1, loaded on first confirm) so card numbers never reach Portico's API,
 * and the intent confirmed with the one-time token. In demo mode the demo chunk has put its own
 * stand-in for that script on the page first (demo/demo-sandbox.ts).
 */
export default function SandboxCardForm({ intent, publishableKey, returnUrl, onComplete, register, server }: GatewayEntryProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<CardFormInput>(EMPTY);
  // Rule errors show once a field was left or a submit was tried; the provider's until the field is edited.
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [providerErrors, setProviderErrors] = useState<CardErrors>({});
  const errors = shownCardErrors(cardRuleErrors(values, new Date()), providerErrors, touched, submitted);
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
    /** Focuses the first field in error and gives the list for the screen, each prefixed with its label. */
    const report = (byField: CardErrors): DisplayError[] => {
      const first = FIELDS.find((f) => byField[f.name]);
      if (first) inputs.current[first.name]?.focus();
      return FIELDS.flatMap((f) => (byField[f.name] ? [{ ...byField[f.name]!, field: t(f.label) }] : []));
    };

    async function confirm(): Promise<GatewayConfirm> {
      const card = latest.current;
      const problems = validateCardForm(card, new Date());
      setSubmitted(true);
      if (problems.length) return { status: 'failed', errors: report(errorsByField(problems)), atFields: true };
      setProviderErrors({});
      const nameOnCard = card.NameOnCard.trim();
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
        if (field) {
          const byField = errorsByField([{ Field: field, ErrorCode: code, Message: token.error.message }]);
          setProviderErrors(byField);
          return { status: 'failed', errors: report(byField), atFields: true };
        }
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
  }, [register, intent.ClientSecret, publishableKey, returnUrl, server, t]);

  const set = (name: CardField, typed: string, previous: string) => {
    const value = name === 'Expiration' ? formatExpiryInput(typed, previous) : typed;
    setValues((v) => ({ ...v, [name]: value }));
    if (providerErrors[name]) setProviderErrors((e) => ({ ...e, [name]: undefined }));
  };
  const leave = (name: CardField) => {
    if (!touched.has(name)) setTouched((s) => new Set(s).add(name));
  };

  const field = (f: (typeof FIELDS)[number]) => (
    <CardFieldInput key={f.name} id={`${id}-${f.name}`} label={t(f.label)} autoComplete={f.autoComplete} inputMode={f.inputMode}
      placeholder={f.placeholder ? t(f.placeholder) : undefined} hint={f.hint ? t(f.hint) : undefined}
      value={values[f.name]} error={errors[f.name]} inputRef={(el) => { inputs.current[f.name] = el; }}
      onChange={(value, previous) => set(f.name, value, previous)} onBlur={() => leave(f.name)} />
  );

  return (
    <fieldset ref={paymentsSheetRef} className="p-pay">
      <legend>{t('payments.legend')}</legend>
      <p className="p-pay-note">{t('payments.sandboxNote')}</p>
      {field(FIELDS[0]!)}
      {field(FIELDS[1]!)}
      <div className="p-pay-row">
        {field(FIELDS[2]!)}
        {field(FIELDS[3]!)}
      </div>
    </fieldset>
  );
}
