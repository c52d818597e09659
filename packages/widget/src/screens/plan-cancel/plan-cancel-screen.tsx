import '../plan/setup.ts';
import { useId, useRef, useState } from 'react';
import { cancellationReasons, CANCELLATION_COMMENT_MAX_LENGTH, DEFAULT_CANCELLATION_REASONS } from '@portico/core/billing/cancellation';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ConfirmShell } from '../../components/confirm-shell.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { RadioList } from '../../components/radio-list.tsx';
import { useAction } from '../../components/use-action.ts';
import { formatLongDate } from '../../i18n/format-date.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { REAUTH_CANCELLED, useReauthentication } from '../../auth/reauthenticate/use-reauthentication.tsx';
import { useSession } from '../../session/use-session.ts';
import type { ScreenProps } from '../../states.ts';
import { PROFILE_QUERY_PREFIX } from '../profile-view/profile-calls.ts';
import {
  acceptRetentionOffer, cancelPlan, fetchCancellationState, fetchPlanAccount, PLAN_QUERY_PREFIX, planQueryKey, type CancellationState,
} from '../plan/plan-calls.ts';
import { planSheetRef } from '../plan/plan-screen.tsx';

const DEFAULTS: readonly string[] = DEFAULT_CANCELLATION_REASONS;

/**
 * planCancel (spec 2 section 2 "Cancel subscription", section 4 "Plan changes"): the reasons as radio
 * choices (the company's list from init settings, else the spec's six) and an optional comment, both
 * optional; 'Cancel subscription' and "Don't cancel" (ConfirmShell: the safe choice has the focus),
 * both back to plan. Cancelling asks 'Confirm it's you' when the sign-in is older than the window
 * (useReauthentication). When the company configured a retention offer and it applies, it is shown
 * once, before the final button; accepting it keeps the plan with the coupon.
 */
export default function PlanCancelScreen(_props: ScreenProps<'planCancel'>) {
  const { t, i18n } = useTranslation();
  const { actions, settings } = useWidget();
  const { claims } = useSession();
  const api = useApi();
  const cache = useQueryCache();
  const reauth = useReauthentication();
  const account = useApiQuery(planQueryKey('account', claims?.personUid ?? null, claims?.accountUid ?? null), fetchPlanAccount);
  const state = useApiQuery(planQueryKey('cancellation', claims?.personUid ?? null, claims?.accountUid ?? null), fetchCancellationState);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const commentId = useId();
  const key = useRef(`cancel-${crypto.randomUUID()}`);
  const reasons = cancellationReasons(settings.CancellationReasons);
  const current = account.data?.CurrentSubscription ?? null;
  const latest = account.data?.LatestSubscription ?? null;
  // The plan runs to the end of the period: the renewal date (the trial's end in a trial).
  const endsOn = current?.EndDate ?? current?.RenewalDate ?? null;
  const scheduledPlan = current && latest && latest.Uid !== current.Uid ? latest.Plan.Name : null;

  const done = () => {
    cache.invalidate(PLAN_QUERY_PREFIX);
    cache.invalidate(PROFILE_QUERY_PREFIX);
  };
  const cancel = useAction(async () => {
    const body = { ...(reason ? { CancelationReason: reason } : {}), ...(comment.trim() ? { Comment: comment.trim() } : {}) };
    // Ending the plan asks 'Confirm it's you' when the sign-in is older than the window.
    const answer = await reauth.run(() => cancelPlan(api, body, key.current));
    if (answer === REAUTH_CANCELLED) return;
    done();
    actions.notify(t('plan.cancelScreen.done', { date: answer.EndDate ? formatLongDate(answer.EndDate, i18n.language, 'UTC') : '' }));
    actions.goTo('plan');
  });
  const offerKey = useRef(`offer-${crypto.randomUUID()}`);
  const offer = state.data?.RetentionOffer ?? null;
  const accept = useAction(async () => {
    await acceptRetentionOffer(api, offerKey.current);
    done();
    actions.notify(t('plan.cancelScreen.offerAccepted', { coupon: offer?.DiscountCoupon.Name ?? '' }));
    actions.goTo('plan');
  });

  const text = [
    endsOn ? t('plan.cancelScreen.text', { date: formatLongDate(endsOn, i18n.language, 'UTC') }) : t('plan.cancelScreen.textNoDate'),
    ...(scheduledPlan ? [t('plan.cancelScreen.scheduledToo', { plan: scheduledPlan })] : []),
  ];
  const problems = [...(account.problem ? problemErrors(account.problem) : []), ...(state.problem ? problemErrors(state.problem) : [])];

  return (
    <div ref={planSheetRef}>
      <ConfirmShell
        heading={t('states.planCancel')} text={text}
        confirmLabel={t('plan.cancelScreen.confirm')} busyLabel={t('plan.cancelScreen.confirming')} cancelLabel={t('plan.cancelScreen.keep')}
        onConfirm={() => void cancel.run()} onCancel={() => actions.goTo('plan')}
        busy={cancel.busy || accept.busy} errors={cancel.errors}
        body={(
          <div className="p-plan-cancel-body">
            {problems.length > 0 && <ErrorList errors={problems} />}
            <RadioList legend={t('plan.cancelScreen.reasonLegend')} value={reason}
              options={reasons.map((r) => ({ value: r, label: DEFAULTS.includes(r) ? t(`plan.reasons.${r}`) : r }))} onChange={setReason} />
            <div className="p-field">
              <label className="p-label" htmlFor={commentId}>{t('plan.cancelScreen.comment')}</label>
              <textarea id={commentId} className="p-input" rows={3} maxLength={CANCELLATION_COMMENT_MAX_LENGTH} value={comment} onChange={(e) => setComment(e.target.value)} />
            </div>
            {offer && <RetentionOffer offer={offer} busy={accept.busy} errors={accept.errors} onAccept={() => void accept.run()} />}
          </div>
        )}>
        {reauth.prompt}
      </ConfirmShell>
    </div>
  );
}

function RetentionOffer({ offer, busy, errors, onAccept }: {
  offer: NonNullable<CancellationState['RetentionOffer']>; busy: boolean; errors: ReturnType<typeof useAction>['errors']; onAccept(): void;
}) {
  const { t } = useTranslation();
  return (
    <section className="p-plan-callout" aria-labelledby="p-plan-offer" style={{ marginTop: 20 }}>
      <h3 id="p-plan-offer" className="p-plan-callout-title" style={{ fontSize: 15 }}>{t('plan.cancelScreen.offerHeading')}</h3>
      <p className="p-plan-callout-text">{offer.Message}</p>
      <ErrorList errors={errors} />
      <button type="button" className="p-btn p-btn-primary" aria-disabled={busy || undefined} onClick={() => { if (!busy) onAccept(); }}>
        {busy ? t('plan.cancelScreen.accepting') : t('plan.cancelScreen.acceptOffer')}
      </button>
    </section>
  );
}
