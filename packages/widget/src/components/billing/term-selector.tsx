import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BillingRenewalTerm } from '@portico/core';
import { billingSheetRef } from './setup.ts';
import { termSelectorLayout } from './term-selector-logic.ts';

/**
 * Spec 2 billing-term selector: a radio group of the given terms (planTerms(plan));
 * hidden with one term; vertical with more than 2 terms outside English.
 */
export function TermSelector(props: { terms: readonly BillingRenewalTerm[]; value: BillingRenewalTerm; onChange(term: BillingRenewalTerm): void }) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const layout = termSelectorLayout(props.terms.length, i18n.language);
  if (layout === 'hidden') return null;
  return (
    <fieldset ref={billingSheetRef} className={`p-fieldset p-segmented${layout === 'vertical' ? ' p-terms-vertical' : ''}`}>
      <legend>{t('billing.termLegend')}</legend>
      {props.terms.map((term) => (
        <label key={term} className="p-radio">
          <input type="radio" name={name} value={term} checked={props.value === term} onChange={() => props.onChange(term)} />
          <span>{t(`billing.termName.${term}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
