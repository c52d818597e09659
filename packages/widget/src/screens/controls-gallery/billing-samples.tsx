import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BillingRenewalTerm, Plan } from '@portico/core';
import { chargeSummaries, dueLabel } from '@portico/core/billing/index';
import { PlanDetailBlock } from '../../components/billing/plan-detail-block.tsx';
import { TermSelector } from '../../components/billing/term-selector.tsx';
import { InvoicePreview } from '../../components/billing/invoice-preview.tsx';
import { DiscountCodeEntry } from '../../components/billing/discount-code-entry.tsx';

const SAMPLE: Plan = {
  Uid: 'sample_team', Name: 'Team', Description: null, IsActive: true, IsDefault: false, IsQuantityEditable: true,
  IsPerUser: true, MinimumQuantity: 1, MaximumPeople: 20, MonthlyRate: 1500, QuarterlyRate: 4200, AnnualRate: 15000,
  OneTimeRate: null, SetupFee: 2500, UnitOfMeasure: 'seat', UnitOfMeasurePlural: 'seats', TrialPeriodDays: null,
  TrialUntilDate: null, RequirePaymentInformation: true, AccountRegistrationMode: 'Team', PlanFamilyUid: 'sample', PlanAddOns: [],
};

/** The billing pieces with a built-in sample plan (works without any plans in settings). */
export function BillingSamples() {
  const { t } = useTranslation();
  const [term, setTerm] = useState<BillingRenewalTerm>('Monthly');
  const [code, setCode] = useState<string | null>(null);
  const clock = new Date();
  const s = chargeSummaries({ now: clock, currency: 'USD', plan: SAMPLE, term, quantity: 5, addOns: [] });
  return (
    <section className="p-gallery" aria-label={t('billing.gallery.heading')}>
      <h3>{t('billing.gallery.heading')}</h3>
      <TermSelector terms={['Monthly', 'Quarterly', 'Yearly']} value={term} onChange={setTerm} />
      <PlanDetailBlock item={SAMPLE} term={term} currency="USD" quantity={5} expires={s.renewal?.InvoiceDate ?? null} onChangePlan={() => undefined} />
      <InvoicePreview now={s.now} renewal={s.renewal} due={dueLabel(s.now, s.renewal, clock)} currency="USD" />
      <DiscountCodeEntry applied={code} onRemove={() => setCode(null)} onApply={async (c) => { setCode(c.toUpperCase()); return true; }} />
    </section>
  );
}
