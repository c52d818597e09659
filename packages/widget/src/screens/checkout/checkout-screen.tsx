import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { billingSheetRef } from '../../components/billing/setup.ts';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { formatAmount } from '../../components/billing/format.ts';
import { PlanDetailBlock } from '../../components/billing/plan-detail-block.tsx';
import { TermSelector } from '../../components/billing/term-selector.tsx';
import { planTerms } from '../../components/billing/term-selector-logic.ts';
import { PlanOptionsEditor } from '../../components/billing/plan-options-editor.tsx';
import { InvoicePreview } from '../../components/billing/invoice-preview.tsx';
import { DiscountCodeEntry } from '../../components/billing/discount-code-entry.tsx';
import { useChargeSummary } from '../../components/billing/use-charge-summary.ts';
import { useDiscountCode } from '../../components/billing/use-discount-code.ts';
import { hasPlanQuantity, setDraftTerm } from '../../components/billing/subscription-draft.ts';
import type { SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { checkoutDraft, submitLabelKey } from './checkout-logic.ts';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';

/**
 * checkout (spec 1 section 2), preview stage: the plan options (detail block,
 * term selector, add-ons and quantity), the invoice preview with its due label,
 * the discount code and the submit button. Payment entry, terms and captcha
 * come with the payment issue, so the button stays disabled with a note.
 */
export default function CheckoutScreen({ params }: ScreenProps<'checkout'>) {
  const { t, i18n } = useTranslation();
  const { settings, actions } = useWidget();
  const catalog = catalogFromSettings(settings);
  const flow = useFlowDraft();
  const incoming = useIncomingErrors();
  const shown = useCallback((d: SubscriptionDraft | null) => checkoutDraft(catalog, params, d), [catalog, params]);
  const draft = useMemo(() => shown(flow.draft), [shown, flow.draft]);
  const edit = (fn: (d: SubscriptionDraft) => SubscriptionDraft) => flow.editSubscription(fn, shown);
  const plan = findPlan(catalog, draft.planUid);
  const summary = useChargeSummary(draft);
  const discount = useDiscountCode(catalog.currency);
  const terms = useMemo(() => (plan ? planTerms(plan) : []), [plan]);
  const changePlan = () => actions.goTo('selectPlan', { nextState: 'checkout' });

  if (!plan) {
    return (
      <div>
        <ScreenHeading>{t('states.checkout')}</ScreenHeading>
        <p className="p-lead">{t('billing.checkout.noPlan')}</p>
        <button type="button" className="p-btn p-btn-primary" onClick={changePlan}>{t('billing.checkout.choosePlan')}</button>
      </div>
    );
  }

  const dueNow = summary.now?.Total ?? 0;
  const amount = formatAmount(dueNow, catalog.currency, i18n.language);
  return (
    <div ref={billingSheetRef}>
      <ScreenHeading>{t('states.checkout')}</ScreenHeading>
      <ErrorList errors={[...incoming, ...summary.errors, ...discount.errors]} />
      {summary.problem?.retryable && (
        <button type="button" className="p-btn" onClick={summary.retry}>{t('common.retry')}</button>
      )}
      <section className="p-bill-section" aria-labelledby="p-checkout-options">
        <h3 id="p-checkout-options">{t('billing.options.heading')}</h3>
        <TermSelector terms={terms} value={draft.term} onChange={(term) => edit((d) => setDraftTerm(d, term))} />
        <PlanDetailBlock
          item={plan}
          term={draft.term}
          currency={catalog.currency}
          {...(hasPlanQuantity(plan) ? { quantity: draft.quantity } : {})}
          onChangePlan={changePlan}
        />
        <PlanOptionsEditor plan={plan} draft={draft} currency={catalog.currency} onUpdate={edit} />
      </section>
      <section className="p-bill-section" aria-label={t('billing.checkout.preview')}>
        {summary.now && summary.due ? (
          <InvoicePreview now={summary.now} renewal={summary.renewal} due={summary.due} currency={catalog.currency} busy={summary.busy} />
        ) : summary.errors.length === 0 ? (
          <Spinner />
        ) : null}
        {settings.DiscountsExist && (
          <DiscountCodeEntry
            applied={draft.coupon?.code ?? null}
            busy={discount.busy}
            onRemove={() => edit((d) => ({ ...d, coupon: null }))}
            onApply={async (code) => {
              const coupon = await discount.lookup(code, plan.Uid);
              // Spec 4: a valid code replaces the coupons with that one; a failure clears the discount.
              edit((d) => ({ ...d, coupon: coupon ? { code: coupon.UniqueIdentifier, planUids: coupon.PlanUids } : null }));
              return coupon !== null;
            }}
          />
        )}
      </section>
      <div className="p-checkout-submit">
        <button type="button" className="p-btn p-btn-primary p-btn-block" disabled aria-describedby="p-checkout-note">
          {t(submitLabelKey(dueNow), { amount })}
        </button>
        <p id="p-checkout-note" className="p-help">{t('billing.checkout.paymentLater')}</p>
      </div>
    </div>
  );
}
