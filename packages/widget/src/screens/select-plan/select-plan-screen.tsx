import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BillingRenewalTerm } from '@portico/core';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useSession } from '../../session/use-session.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { RadioList } from '../../components/radio-list.tsx';
import { catalogFromSettings } from '../../components/billing/catalog.ts';
import { PlanPicker } from '../../components/billing/plan-picker.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { settingsProblem } from '../../app/settings-loader.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { chooseFamilyUid, offeredTerms, sortedActivePlans } from './plan-list.ts';

/**
 * The plan list pieces planChange reuses (issue 16), taken from this module so they stay in this screen's
 * chunk: imported from two screens they would become a chunk of their own, one more file on the first screen.
 */
export { PlanPicker } from '../../components/billing/plan-picker.tsx';
export { offeredTerms, sortedActivePlans } from './plan-list.ts';

/**
 * selectPlan (spec 1 section 2): the active plans of one family. Picking a plan
 * changes the flow draft's plan (core's changeDraftPlan), then goes to
 * params.nextState, else register.
 * Picking an unavailable plan clears the choice.
 */
export default function SelectPlanScreen({ params }: ScreenProps<'selectPlan'>) {
  const { t } = useTranslation();
  const { settings, actions, runtime } = useWidget();
  const flow = useFlowDraft();
  const incoming = useIncomingErrors();
  // No plans because the server could not be reached is not "no plans are offered".
  const loadProblem = settingsProblem(runtime);
  // A signed-in member sees their own plan's family (the token's plan_uid).
  const memberPlanUid = useSession().claims?.planUid ?? undefined;
  const catalog = catalogFromSettings(settings);

  const plans = useMemo(
    () => sortedActivePlans(catalog, chooseFamilyUid(catalog, memberPlanUid)),
    [catalog, memberPlanUid],
  );
  const terms = offeredTerms(plans);
  const [term, setTerm] = useState<BillingRenewalTerm>(flow.draft?.term ?? terms[0] ?? 'Monthly');
  const next = params.nextState ?? 'register';

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
      <ErrorList errors={incoming} />
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
          chosenUid={flow.draft?.planUid ?? null}
          onChoose={({ plan }) => {
            // Core's changeDraftPlan: an unavailable plan clears the choice; otherwise the code and offered add-ons stay.
            const change = flow.changePlan(plan, { term, source: 'selectPlan' });
            if (!change.draft.planUid) return;
            if (change.dropped.couponCode) actions.notify(t('selectPlan.couponDropped', { code: change.dropped.couponCode }));
            actions.goTo(next);
          }}
        />
      )}
    </div>
  );
}
