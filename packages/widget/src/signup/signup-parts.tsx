import { Fragment, lazy, Suspense, useMemo } from 'react';
import type { ReactNode, Ref } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '@portico/core/signup/registration-limits';
import { useWidget } from '../app/context.ts';
import { FileUpload } from '../components/file-upload.tsx';
import { FieldErrorText, useInputBinding } from '../components/fields/field-parts.tsx';
import { Spinner } from '../components/spinner.tsx';
import type { FormApi } from '../forms/use-form.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import type { PaymentController, PaymentIntentRequest, PaymentOutcome } from '../payments/payment-types.ts';
import { DRAFT, type SubmitBlocker } from './signup-logic.ts';

const PaymentEntry = lazy(() => import('../payments/payment-entry.tsx'));

/** The terms text (HTML the server sanitized) as text and links only: nothing else from it reaches the page. */
function termsNodes(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walk = (node: Node, key: string): ReactNode[] => [...node.childNodes].flatMap((child, i): ReactNode[] => {
    const k = `${key}.${i}`;
    if (child.nodeType === Node.TEXT_NODE) return [child.textContent ?? ''];
    if (child instanceof HTMLAnchorElement && /^https?:/i.test(child.href)) {
      return [<a key={k} href={child.href} target="_blank" rel="noopener noreferrer">{child.textContent}</a>];
    }
    return child instanceof Element ? [<Fragment key={k}>{walk(child, k)}</Fragment>] : [];
  });
  return walk(doc.body, 't');
}

/** The terms checkbox (spec 1 sections 2 and 5), bound to the form as `TermsAccepted`. */
export function TermsCheckbox({ form, html }: { form: FormApi; html: string }) {
  const { t } = useTranslation();
  const b = useInputBinding(form, DRAFT.terms, t('signup.terms'));
  const text = useMemo(() => termsNodes(html), [html]);
  return (
    <div className="p-check p-signup-terms">
      <input id={b.id} ref={b.ref} type="checkbox" checked={form.values[DRAFT.terms] === true}
        aria-invalid={b.invalid || undefined} aria-describedby={b.describedBy} aria-required="true"
        onChange={(e) => { form.setValue(DRAFT.terms, e.target.checked); form.touch(DRAFT.terms); }} />
      <div>
        <label htmlFor={b.id}>{text}</label>
        <FieldErrorText id={b.errorId} error={b.error} />
      </div>
    </div>
  );
}

/** 'Sign up for email updates' (spec 1 section 2), shown when the company has a sign-up email list. */
export function EmailUpdatesCheckbox({ form }: { form: FormApi }) {
  const { t } = useTranslation();
  const { settings } = useWidget();
  const b = useInputBinding(form, DRAFT.optIn);
  if (!settings.EmailList) return null;
  return (
    <div className="p-check">
      <input id={b.id} ref={b.ref} type="checkbox" checked={form.values[DRAFT.optIn] === true}
        aria-describedby={settings.EmailList.Description ? `${b.id}-about` : undefined}
        onChange={(e) => form.setValue(DRAFT.optIn, e.target.checked)} />
      <div>
        <label htmlFor={b.id}>{t('signup.emailUpdates')}</label>
        {settings.EmailList.Description && <p id={`${b.id}-about`} className="p-help">{settings.EmailList.Description}</p>}
      </div>
    </div>
  );
}

/** The 'OR' between the Google button and the form. */
export function OrDivider() {
  const { t } = useTranslation();
  return <p className="p-or" role="separator" aria-label={t('signup.or')}><span aria-hidden="true">{t('signup.or')}</span></p>;
}

/** Person.profileImage: jpg, jpeg or png, at most 1,048,576 bytes (spec 1 section 5). */
export function ProfileImageField({ onFile }: { onFile(file: File | null): void }) {
  const { t } = useTranslation();
  return <FileUpload label={t('signup.profileImage')} accept={['jpg', 'jpeg', 'png']} maxBytes={PROFILE_IMAGE_MAX_BYTES} onFile={onFile} />;
}

export interface PaymentSectionProps {
  request: PaymentIntentRequest | null;
  /** Due now in major units. */
  amount: number | null;
  amountText: string;
  returnUrl: string;
  controllerRef: Ref<PaymentController | null>;
  onComplete(complete: boolean): void;
  onResult?(outcome: PaymentOutcome): void;
  /** The line above the card form; default: what sign-up charges. */
  help?: string;
}

/** The payment method section: the configured gateway's entry (payments/), in its own chunk. */
export function PaymentSection(props: PaymentSectionProps) {
  const { t } = useTranslation();
  return (
    <section className="p-signup-section" aria-label={t('signup.payment')}>
      <p className="p-help">{props.help ?? (props.amount ? t('signup.paymentHelp', { amount: props.amountText }) : t('signup.paymentSetupHelp'))}</p>
      <Suspense fallback={<Spinner />}>
        <PaymentEntry request={props.request} amount={props.amount} returnUrl={props.returnUrl} onComplete={props.onComplete}
          controllerRef={props.controllerRef} {...(props.onResult ? { onResult: props.onResult } : {})} />
      </Suspense>
    </section>
  );
}

/**
 * The submit button, kept in reach (sticky at the bottom on a phone). Blocked, it stays focusable
 * (aria-disabled) and says why underneath, so a keyboard or screen-reader user learns what is missing.
 */
export function SubmitBar({ label, blockers, busy, quantity }: { label: string; blockers: readonly SubmitBlocker[]; busy: boolean; quantity?: number }) {
  const { t } = useTranslation();
  const blocked = blockers.length > 0 || busy;
  return (
    <div className="p-submit-bar">
      <button type="submit" className="p-btn p-btn-primary p-btn-block" aria-disabled={blocked || undefined} aria-describedby={blockers.length ? 'p-submit-why' : undefined}>
        {busy && <span className="p-btn-spinner" aria-hidden="true" />}
        {busy ? t('signup.submitting') : label}
      </button>
      {blockers.length > 0 && (
        <p id="p-submit-why" className="p-help p-submit-why">
          {blockers.map((b) => t(`signup.disabled.${b}`, { count: quantity ?? 0 })).join(' ')}
        </p>
      )}
    </div>
  );
}
