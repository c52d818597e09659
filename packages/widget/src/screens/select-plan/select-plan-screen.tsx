import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isStateName } from '@portico/core';
import type { BillingRenewalTerm } from '@portico/core';
import { choosePlan } from '@portico/core/billing/index';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useDemoPersona } from '../../app/hooks.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { RadioList } from '../../components/radio-list.tsx';
import { catalogFromSettings } from '../../components/billing/catalog.ts';
import { PlanPicker } from '../../components/billing/plan-picker.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { settingsProblem } from '../../app/settings-loader.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { chooseFamilyUid, offeredTerms, sortedActivePlans } from './plan-list.ts';

/**
 * selectPlan (spec 1 section 2): the active plans of one family. Picking a plan
 * applies core's choosePlan, then goes to params.next, else checkout (register
 * is not built yet; docs/states.md). Picking an unavailable plan clears the choice.
 */
export default function SelectPlanScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const { settings, actions, chosenPlan, runtime } = useWidget();
  // No plans because the server could not be reached is not "no plans are offered".
  const loadProblem = settingsProblem(runtime);
  const persona = useDemoPersona();
  const catalog = catalogFromSettings(settings);

  const plans = useMemo(
    () => sortedActivePlans(catalog, chooseFamilyUid(catalog, persona?.account?.planUid)),
    [catalog, persona],
  );
  const terms = offeredTerms(plans);
  const [term, setTerm] = useState<BillingRenewalTerm>(chosenPlan?.term ?? terms[0] ?? 'Monthly');
  const next = typeof params.next === 'string' && isStateName(params.next) ? params.next : 'checkout';

  if (settings.BillingSystem === 'Stripe') {
    return (
      <div>
        <ScreenHeading>{t('states.selectPlan')}</ScreenHeading>
        <p className="p-muted">{t('selectPlan.providerBilling')}</p>
      </div>
    );
  }

  return (
    <div>
      <ScreenHeading>{t('states.selectPlan')}</ScreenHeading>
      <p className="p-lead">{t('selectPlan.intro')}</p>
      {terms.length > 1 && (
        <RadioList
          legend={t('common.billingTerm')}
          variant="segmented"
          value={term}
          options={terms.map((value) => ({ value, label: t(`common.termNames.${value}`, { defaultValue: value }) }))}
          onChange={(v) => setTerm(v as BillingRenewalTerm)}
        />
      )}
      {plans.length === 0 ? (
        loadProblem ? <ErrorList errors={problemErrors(loadProblem)} /> : <p className="p-muted" style={{ marginTop: 16 }}>{t('selectPlan.empty')}</p>
      ) : (
        <PlanPicker
          plans={plans}
          term={term}
          currency={catalog.currency}
          chosenUid={chosenPlan?.planUid ?? null}
          onChoose={({ plan }) => {
            const sel = choosePlan({ planUid: chosenPlan?.planUid ?? null, term, quantity: 0, addOnUids: [] }, plan);
            if (sel.planUid) actions.choosePlan({ planUid: sel.planUid, term: sel.term }, next);
            else actions.clearPlan();
          }}
        />
      )}
    </div>
  );
}
