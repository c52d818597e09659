import { planChangeSheetRef } from './setup.ts';
import { useMemo, useState } from 'react';
import type { BillingRenewalTerm } from '@portico/core';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { TermSelector } from '../../components/billing/term-selector.tsx';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
// Through selectPlan's screen module, so the plan picker stays in that chunk (see there).
import { offeredTerms, PlanPicker, sortedActivePlans } from '../select-plan/select-plan-screen.tsx';
import { draftFromSubscription } from './plan-change-logic.ts';
import { useCurrentSubscription } from './use-plan-change.ts';

/**
 * planChange (spec 2 section 2, issue 16): the active plans of the current plan's family, with the
 * term selector and core's plan selector rules (in upgrade mode a cheaper plan is unavailable). Picking
 * a plan moves the plan change's draft onto it (core's changeDraftPlan keeps the add-ons it offers) and
 * opens planOptionsChange, where the price and the sentence are shown before anything is changed.
 * A one-time current plan cannot be switched. Cancel returns to plan.
 */
export default function PlanChangeScreen({ params }: ScreenProps<'planChange'>) {
  const { t } = useTranslation();
  const { settings, actions } = useWidget();
  const flow = useFlowDraft();
  const incoming = useIncomingErrors();
  const catalog = catalogFromSettings(settings);
  const current = useCurrentSubscription();
  const sub = current.data ?? null;
  const currentPlan = findPlan(catalog, sub?.Plan.Uid);
  // Spec 2: the active plans of the current plan's family (selectPlan's list), the terms any of them is rated for.
  const plans = useMemo(() => sortedActivePlans(catalog, currentPlan?.PlanFamilyUid ?? null), [catalog, currentPlan]);
  const terms = offeredTerms(plans);
  const [term, setTerm] = useState<BillingRenewalTerm | null>(null);
  const shownTerm = term ?? (sub && terms.includes(sub.BillingRenewalTerm) ? sub.BillingRenewalTerm : terms[0] ?? 'Monthly');

  const back = (
    <div className="p-pc-actions">
      <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('plan')}>{t('planChange.cancel')}</button>
    </div>
  );
  if (current.loading && !sub) return <div ref={planChangeSheetRef}><ScreenHeading>{t('states.planChange')}</ScreenHeading><Spinner /></div>;
  if (current.problem) return <div ref={planChangeSheetRef}><ScreenHeading>{t('states.planChange')}</ScreenHeading><ErrorList errors={problemErrors(current.problem)} />{back}</div>;
  if (sub?.BillingRenewalTerm === 'OneTime') {
    return (
      <div ref={planChangeSheetRef}>
        <ScreenHeading>{t('states.planChange')}</ScreenHeading>
        <p className="p-lead">{t('planChange.oneTime', { plan: sub.Plan.Name })}</p>
        {back}
      </div>
    );
  }
  return (
    <div ref={planChangeSheetRef}>
      <ScreenHeading>{t('states.planChange')}</ScreenHeading>
      <p className="p-lead">{t('planChange.intro')}</p>
      {sub && <p className="p-muted">{t('planChange.current', { plan: sub.Plan.Name })}</p>}
      <ErrorList errors={incoming} />
      {terms.length > 1 && <TermSelector terms={terms} value={shownTerm} onChange={setTerm} />}
      {plans.length === 0 ? <p className="p-muted">{t('planChange.empty')}</p> : (
        <PlanPicker
          plans={plans}
          term={shownTerm}
          currency={catalog.currency}
          chosenUid={sub?.Plan.Uid ?? null}
          upgradeFrom={params.upgradeMode ? currentPlan : null}
          forChange
          onChoose={({ plan }) => {
            // The change starts from the subscription as it is (not a sign-up's draft), then core's plan change.
            if (sub) flow.editSubscription(() => ({ ...draftFromSubscription(sub), source: 'planChange' }) as ReturnType<typeof draftFromSubscription>);
            const change = flow.changePlan(plan, { term: shownTerm, source: 'planChange', upgradeFrom: params.upgradeMode ? currentPlan : null });
            if (change.draft.planUid) actions.goTo('planOptionsChange');
          }}
        />
      )}
      {back}
    </div>
  );
}
