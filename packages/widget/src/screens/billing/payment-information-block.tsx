import { cardBrandName } from '@portico/core/payments/card-brands';
import { useState } from 'react';
import { useWidget } from '../../app/context.ts';
import { UpdatePaymentForm } from '../update-payment-information/update-payment-form.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PaymentInformation } from './billing-calls.ts';

const METHOD_TYPES = ['card', 'au_becs_debit', 'bacs_debit', 'sepa_debit', 'us_bank_account', 'link', 'ideal'] as const;

/** 'Visa ending in 4242' (spec 2: the card type label and last four); a bank account by its bank. */
export function useMethodName(): (p: PaymentInformation) => string {
  const { t } = useTranslation();
  return (p) => {
    const brand = cardBrandName(p.CardType) ?? (p.PaymentMethodType === 'card' ? t('billingScreen.payment.cardFallback') : p.BankName ?? t(`billingScreen.payment.types.${methodType(p)}`));
    return p.LastFourDigits ? t('billingScreen.payment.endingIn', { brand, last4: p.LastFourDigits }) : brand;
  };
}

function methodType(p: PaymentInformation): (typeof METHOD_TYPES)[number] | 'other' {
  return (METHOD_TYPES as readonly string[]).includes(p.PaymentMethodType) ? p.PaymentMethodType as (typeof METHOD_TYPES)[number] : 'other';
}

/**
 * The payment-information block of both billing variants (spec 2 section 2): method type, card type
 * label, last four, expiry, bank name and account type; 'Update' opens the card form in place
 * (the updatePaymentInformation screen's form: terms box when configured for that location), which
 * closes on save or cancel, the billing reads made again after saving; 'Remove' opens the confirmation
 * (billingRemovePaymentInformation). With no method on file the form is open from the start. Only the
 * account owner changes the method (the server's rule), so members see it without buttons.
 */
export function PaymentInformationBlock({ method, owner, accountUid, onSaved }: {
  method: PaymentInformation | null; owner: boolean; accountUid: string | null;
  /** After a save: the screen reads the method (and what depends on it) again. */
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const name = useMethodName();
  const [editing, setEditing] = useState(false);
  if (owner && accountUid && (editing || !method)) {
    return (
      <section aria-labelledby="p-billing-payment" className="p-billing-block" style={{ marginTop: 20 }}>
        <h3 id="p-billing-payment" className="p-group-label">{t('billingScreen.payment.heading')}</h3>
        {!method && <p className="p-muted">{t('billingScreen.payment.none')}</p>}
        <UpdatePaymentForm accountUid={accountUid} returnTo="billing" label={t('billingScreen.payment.formLabel')}
          cancel={method ? { label: t('billingScreen.payment.cancel'), run: () => setEditing(false) } : undefined}
          onSaved={(notice) => {
            setEditing(false);
            onSaved();
            actions.notify(notice);
          }} />
      </section>
    );
  }
  return (
    <section aria-labelledby="p-billing-payment" className="p-billing-block" style={{ marginTop: 20 }}>
      <h3 id="p-billing-payment" className="p-group-label">{t('billingScreen.payment.heading')}</h3>
      {method ? (
        <div className="p-group" style={{ paddingInline: 0, flexWrap: 'wrap' }}>
          <div>
            <div className="p-group-value">{name(method)}</div>
            <div className="p-muted" style={{ fontSize: 13 }}>
              {t(`billingScreen.payment.types.${methodType(method)}`)}
              {method.ExpirationMonth && method.ExpirationYear
                ? ` · ${t('billingScreen.payment.expires', { month: String(method.ExpirationMonth).padStart(2, '0'), year: method.ExpirationYear })}` : ''}
              {method.BankName && method.BankAccountType ? ` · ${t('billingScreen.payment.bank', { bank: method.BankName, type: method.BankAccountType })}` : ''}
            </div>
          </div>
          {owner && (
            <div className="p-row-actions">
              <button type="button" className="p-link" aria-label={t('billingScreen.payment.updateNamed')}
                onClick={() => setEditing(true)}>{t('billingScreen.payment.update')}</button>
              <button type="button" className="p-link" aria-label={t('billingScreen.payment.removeNamed', { card: name(method) })}
                onClick={() => actions.goTo('billingRemovePaymentInformation', { uid: method.Uid, card: name(method) })}>{t('billingScreen.payment.remove')}</button>
            </div>
          )}
        </div>
      ) : (
        <p className="p-muted">{t('billingScreen.payment.none')}</p>
      )}
    </section>
  );
}
