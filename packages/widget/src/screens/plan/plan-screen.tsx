import './setup.ts';
import { useEffect, useRef } from 'react';
import { ErrorCode } from '@portico/core';
import { planScreenView, visibleAddOns } from '@portico/core/billing/cancellation';
import { useWidget } from '../../app/context.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { formatLongDate, formatMediumDate } from '../../i18n/format-date.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import { STATE_TABLE, type ScreenProps } from '../../states.ts';
import { PROFILE_QUERY_PREFIX } from '../profile-view/profile-calls.ts';
import {
  cancelPlanChange, fetchPlanAccount, PLAN_QUERY_PREFIX, planQueryKey, restorePlan, type PlanAccount, type PlanSubscription,
} from './plan-calls.ts';
import planCss from './plan.css?inline';

export function planSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'plan', planCss);
}

/**
 * plan (spec 2 section 2 "Plan"; core billing/cancellation.ts planScreenView decides what shows): the
 * current plan, its add-ons with quantity and unit (ended ones hidden), the billing term; 'Change plan'
 * and 'Edit options' only when the current and latest subscription are the same, 'Cancel subscription'
 * only when the latest has no EndDate and the account is not cancelling. Cancelling: 'Your plan is
 * scheduled to end on {date}' (long style) with 'Restore plan' unless the subscription has an
 * ExpirationDate. A scheduled change: its plan, its date and 'Cancel plan change'. No current
 * subscription: planChange with Errors.SubscriptionExpired. Only the primary contact gets the
 * actions (the server's rule); a member reads.
 */
export default function PlanScreen(_props: ScreenProps<'plan'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { claims } = useSession();
  const query = useApiQuery(planQueryKey('account', claims?.personUid ?? null, claims?.accountUid ?? null), fetchPlanAccount);
  const account = query.data;
  const view = account ? planScreenView(account) : null;
  const expired = view?.kind === 'expired';
  useEffect(() => {
    if (expired) actions.goTo('planChange', {}, { errors: [{ code: ErrorCode.SubscriptionExpired }], replace: true });
  }, [expired, actions]);

  return (
    <div ref={planSheetRef} className="p-plan-screen">
      <ScreenHeading>{t('states.plan')}</ScreenHeading>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {!account && query.loading && <Spinner />}
      {account && account.CurrentSubscription && view && view.kind !== 'expired' && (
        <PlanDetails account={account} current={account.CurrentSubscription} view={view} onChanged={query.refetch} />
      )}
    </div>
  );
}

type Shown = Exclude<ReturnType<typeof planScreenView>, { kind: 'expired' }>;

function PlanDetails({ account, current, view, onChanged }: { account: PlanAccount; current: PlanSubscription; view: Shown; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const owner = account.IsPrimary;
  const restoreKey = useRef(`restore-${crypto.randomUUID()}`);
  const refresh = () => {
    cache.invalidate(PLAN_QUERY_PREFIX);
    cache.invalidate(PROFILE_QUERY_PREFIX);
    onChanged();
  };
  const restore = useAction(async () => {
    await restorePlan(api, restoreKey.current);
    restoreKey.current = `restore-${crypto.randomUUID()}`;
    refresh();
    actions.notify(t('plan.restored'));
  });
  const scheduled = view.kind === 'active' ? view.scheduledChange : null;
  const cancelChange = useAction(async () => {
    if (!scheduled) return;
    await cancelPlanChange(api, scheduled.uid);
    refresh();
    actions.notify(t('plan.changeCancelled', { plan: current.Plan.Name }));
  });
  const day = (iso: string) => formatMediumDate(iso, i18n.language, 'UTC');
  const plan = current.Plan;
  const perUnit = plan.IsPerUser || plan.IsQuantityEditable || current.Quantity > 1;
  const unit = current.Quantity === 1 ? plan.UnitOfMeasure : plan.UnitOfMeasurePlural ?? plan.UnitOfMeasure;
  const addOns = visibleAddOns(current.SubscriptionAddOns, new Date());

  return (
    <>
      {view.kind === 'cancelling' && (
        <section className="p-plan-callout" aria-labelledby="p-plan-ends">
          <p id="p-plan-ends" className="p-plan-callout-title">
            {view.endsOn ? t('plan.endsOn', { date: formatLongDate(view.endsOn, i18n.language, 'UTC') }) : t('plan.endsAtPeriodEnd')}
          </p>
          <p className="p-plan-callout-text">{t('plan.endsOnDetail')}</p>
          {restore.errors.length > 0 && <ErrorList errors={restore.errors} />}
          {owner && view.canRestore && (
            <button type="button" className="p-btn p-btn-primary" aria-disabled={restore.busy || undefined} onClick={() => void restore.run()}>
              {restore.busy ? t('plan.restoring') : t('plan.restore')}
            </button>
          )}
        </section>
      )}
      {scheduled && (
        <section className="p-plan-callout" aria-labelledby="p-plan-scheduled">
          <p id="p-plan-scheduled" className="p-plan-callout-title">{t('plan.scheduled', { plan: scheduled.planName, date: day(scheduled.startsOn) })}</p>
          <p className="p-plan-callout-text">{t('plan.scheduledDetail', { current: plan.Name })}</p>
          {cancelChange.errors.length > 0 && <ErrorList errors={cancelChange.errors} />}
          {owner && (
            <button type="button" className="p-btn p-btn-secondary" aria-disabled={cancelChange.busy || undefined} onClick={() => void cancelChange.run()}>
              {cancelChange.busy ? t('plan.cancellingChange') : t('plan.cancelChange')}
            </button>
          )}
        </section>
      )}
      <ul className="p-groups" aria-label={t('plan.current')}>
        <li className="p-group">
          <div style={{ minWidth: 0 }}>
            <div className="p-group-label">{t('plan.current')}</div>
            <div className="p-group-value">{plan.Name}</div>
            {perUnit && (
              <div className="p-muted">{t('plan.quantity', { count: current.Quantity, unit: unit ?? t('plan.unitFallback', { count: current.Quantity }) })}</div>
            )}
          </div>
        </li>
        <li className="p-group">
          <div style={{ minWidth: 0 }}>
            <div className="p-group-label">{t('plan.term')}</div>
            <div className="p-group-value">{t(`plan.termValue.${current.BillingRenewalTerm}`)}</div>
            {view.kind === 'active' && !scheduled && current.RenewalDate && <div className="p-muted">{t('plan.renews', { date: day(current.RenewalDate) })}</div>}
          </div>
        </li>
        {addOns.length > 0 && (
          <li className="p-group">
            <div style={{ minWidth: 0 }}>
              <div className="p-group-label" id="p-plan-addons">{t('plan.addOns')}</div>
              <ul className="p-plan-addons" aria-labelledby="p-plan-addons">
                {addOns.map((a) => (
                  <li key={a.Uid} className="p-group-value">
                    {a.AddOn.Name}{' '}
                    {/* A usage add-on is billed for what is used: a quantity would read as a quota. One of a thing without a
                        unit (a support plan) needs no quantity; a unit always shows its count. */}
                    {a.AddOn.BillingAddOnType === 'Usage' ? (
                      <span className="p-plan-addon-qty">{t('plan.addOnUsage')}</span>
                    ) : (a.AddOn.UnitOfMeasure || a.Quantity !== 1) && (
                      <span className="p-plan-addon-qty">
                        {a.AddOn.UnitOfMeasure ? t('plan.addOnQuantity', { quantity: a.Quantity, unit: a.AddOn.UnitOfMeasure }) : t('plan.addOnQuantityPlain', { quantity: a.Quantity })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        )}
      </ul>
      {owner && view.kind === 'active' && <PlanLinks view={view} />}
      {!owner && <p className="p-help" style={{ marginTop: 12 }}>{t('plan.ownerOnly')}</p>}
    </>
  );
}

/** The spec's three links; a link to a state that is not built yet is left out (issue 15: no control leads to 'not available yet'). */
function PlanLinks({ view }: { view: Extract<Shown, { kind: 'active' }> }) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const links = [
    view.canChange && STATE_TABLE.planChange.built && <button key="change" type="button" className="p-link" onClick={() => actions.goTo('planChange')}>{t('plan.changePlan')}</button>,
    view.canEditOptions && STATE_TABLE.planOptionsChange.built && <button key="edit" type="button" className="p-link" onClick={() => actions.goTo('planOptionsChange')}>{t('plan.editOptions')}</button>,
    view.canCancel && STATE_TABLE.planCancel.built && <button key="cancel" type="button" className="p-link" onClick={() => actions.goTo('planCancel')}>{t('plan.cancel')}</button>,
  ].filter(Boolean);
  return links.length > 0 ? <div className="p-plan-links">{links}</div> : null;
}
