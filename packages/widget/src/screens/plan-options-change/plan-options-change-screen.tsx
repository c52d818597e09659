import { useId, useMemo } from 'react';
import { ErrorCode } from '@portico/core';
import { dueLabel } from '@portico/core/billing/index';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { formatAmount } from '../../components/billing/format.ts';
import { InvoicePreview } from '../../components/billing/invoice-preview.tsx';
import { PlanOptionsEditor } from '../../components/billing/plan-options-editor.tsx';
import { TermSelector } from '../../components/billing/term-selector.tsx';
import { planTerms } from '../../components/billing/term-selector-logic.ts';
import { setDraftTerm, type SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { formatMediumDate } from '../../i18n/format-date.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { authenticateSavedPayment } from '../../payments/authenticate-saved.ts';
import { currentReturnUrl, markEmbedded } from '../../payments/payment-redirect.ts';
import { useSession } from '../../session/use-session.ts';
import { signupReturnUrl } from '../../signup/signup-logic.ts';
import { planChangeSheetRef } from '../plan-change/setup.ts';
import { changeSubscription, fetchSavedMethod, PLAN_QUERY_PREFIX } from '../plan-change/plan-change-calls.ts';
import { draftFromSubscription, PLAN_CHANGE_SOURCES, sameAsCurrent, sentenceFor, sentenceText } from '../plan-change/plan-change-logic.ts';
import { changeBody, completeChange, REISSUE_WINDOW_OPTIONS_MS } from '../plan-change/complete-change.ts';
import { useChangePreview, useCurrentSubscription } from '../plan-change/use-plan-change.ts';

/**
 * planOptionsChange (spec 2 section 2, issue 16): the quantity and add-ons of the plan being changed
 * to (or of the current plan), the term, the server's preview of the change (changesubscriptionpreview)
 * and one plain sentence of what is charged today and what follows (core's planChangeSentence), then
 * the button. An upgrade is charged off-session on the saved card: a decline says why and changes
 * nothing; a bank asking for authentication shows 'Authenticate your payment' (the return lands on
 * processing, action changePlan); no card offers 'Add a card'. After success: the account is read
 * again, the token reissued within the spec's window, and planChangeConfirmation. Cancel returns to plan.
 */
export default function PlanOptionsChangeScreen(_props: ScreenProps<'planOptionsChange'>) {
  const { t, i18n } = useTranslation();
  const { settings, actions, runtime, mode } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const flow = useFlowDraft();
  const incoming = useIncomingErrors();
  const sentenceId = useId();
  const accountUid = useSession().claims?.accountUid ?? null;
  const catalog = catalogFromSettings(settings);
  const current = useCurrentSubscription();
  const sub = current.data ?? null;
  const saved = useApiQuery(accountUid ? `${PLAN_QUERY_PREFIX}method:${accountUid}` : null, (a) => fetchSavedMethod(a, accountUid!));

  // The plan change's draft when one is under way (planChange picked a plan), else the subscription as it is.
  const inFlow = flow.draft && flow.draft.planUid && PLAN_CHANGE_SOURCES.has(flow.draft.source ?? '');
  const draft: SubscriptionDraft | null = inFlow ? flow.draft : sub ? draftFromSubscription(sub) : null;
  const plan = findPlan(catalog, draft?.planUid);
  const unchanged = !!(sub && draft && sameAsCurrent(draft, sub));
  const preview = useChangePreview(sub, draft, catalog.currency, unchanged);
  const money = (minor: number) => formatAmount(minor, catalog.currency, i18n.language);
  const sentence = useMemo(
    () => (sub && draft && !unchanged ? sentenceFor(catalog, sub, draft, preview.now, preview.renewal, preview.clock) : null),
    [catalog, sub, draft, unchanged, preview.now, preview.renewal, preview.clock],
  );
  const dueToday = preview.now?.Total ?? 0;
  const edit = (update: (d: SubscriptionDraft) => SubscriptionDraft) =>
    flow.editSubscription((d) => ({ ...update(d), source: 'planOptionsChange' }) as SubscriptionDraft, () => draft ?? flow.draft!);

  const confirm = useAction(async () => {
    const body = draft ? changeBody(draft) : null;
    if (!sub || !body || !plan) return;
    const answer = await changeSubscription(api, sub.Uid, body, crypto.randomUUID());
    flow.clear();
    await completeChange({ api, cache, runtime }, answer, REISSUE_WINDOW_OPTIONS_MS);
    const scheduled = sentence?.key === 'scheduled';
    actions.goTo('planChangeConfirmation', {
      plan: plan.Name,
      outcome: scheduled ? 'scheduled' : dueToday > 0 ? 'charged' : 'changed',
      ...(scheduled ? { date: sentence.on } : {}),
      ...(dueToday > 0 && !scheduled ? { amount: dueToday } : {}),
    });
  });
  const authenticate = useAction(async () => {
    const secret = confirm.problem?.clientSecret;
    const token = saved.data?.PaymentToken;
    if (!secret || !token) return;
    // The bank's page returns to processing, which sends this same change with the authenticated intent.
    const returnUrl = markEmbedded(signupReturnUrl(currentReturnUrl(), 'changePlan', 'planOptionsChange'), mode === 'embed');
    await authenticateSavedPayment({
      gateway: settings.PaymentSettings.GatewayActivationStatus, publishableKey: settings.PaymentSettings.PublishableKey,
      server: runtime.config.server, clientSecret: secret, paymentToken: token, returnUrl,
    });
  });

  const cancel = (
    <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('plan')}>{t('planChange.cancel')}</button>
  );
  if (!sub || !draft || !plan) {
    return (
      <div ref={planChangeSheetRef}>
        <ScreenHeading>{t('states.planOptionsChange')}</ScreenHeading>
        <ErrorList errors={[...incoming, ...(current.problem ? problemErrors(current.problem) : [])]} />
        {current.loading ? <Spinner /> : !current.problem && <p className="p-muted">{t('planChange.loading')}</p>}
        <div className="p-pc-actions">{cancel}</div>
      </div>
    );
  }
  const code = confirm.problem?.code;
  const needsAuthentication = code === ErrorCode.PaymentAuthenticationRequired && !!confirm.problem?.clientSecret;
  const needsCard = code === ErrorCode.PaymentInformationRequired;
  const terms = planTerms(plan);
  const label = unchanged ? t('planChange.options.confirm')
    : dueToday > 0 && sentence?.key !== 'scheduled' ? t('planChange.options.confirmPay', { amount: money(dueToday) }) : t('planChange.options.confirm');
  return (
    <div ref={planChangeSheetRef}>
      <ScreenHeading>{t('states.planOptionsChange')}</ScreenHeading>
      <p className="p-lead">{t('planChange.options.intro')}</p>
      <ErrorList errors={[...incoming, ...(preview.problem ? problemErrors(preview.problem) : [])]} />
      <div className="p-pc-plan">
        <strong>{t('planChange.options.planLine', { plan: plan.Name })}</strong>
        {sub.BillingRenewalTerm !== 'OneTime' && (
          <button type="button" className="p-link" onClick={() => actions.goTo('planChange')}>{t('planChange.options.changePlan')}</button>
        )}
      </div>
      {terms.length > 1 && <TermSelector terms={terms} value={draft.term} onChange={(term) => edit((d) => setDraftTerm(d, term))} />}
      <PlanOptionsEditor plan={plan} draft={draft} currency={catalog.currency} newRequiredQuantity={sub.NewRequiredQuantity} onUpdate={edit} />
      {unchanged ? <p className="p-muted">{t('planChange.options.unchanged')}</p>
        : preview.now ? <InvoicePreview now={preview.now} renewal={preview.renewal} due={dueLabel(preview.now, preview.renewal, preview.clock)} currency={catalog.currency} busy={preview.busy} />
          : preview.busy ? <p className="p-muted" role="status">{t('planChange.options.previewUpdating')}</p> : null}
      {sentence && !preview.busy && (
        <p id={sentenceId} className="p-pc-sentence">
          {sentenceText(sentence, { t: (k, o) => t(k, o), money, date: (iso) => formatMediumDate(iso, i18n.language) })}
        </p>
      )}
      {/* The bank's request is the authentication block below, not an error. */}
      {!needsAuthentication && <ErrorList errors={confirm.errors} />}
      {needsAuthentication && (
        <div className="p-pc-auth" role="group" aria-labelledby={`${sentenceId}-auth`}>
          <h3 id={`${sentenceId}-auth`}>{t('planChange.authenticate.heading')}</h3>
          <p>{t('planChange.authenticate.text')}</p>
          <ErrorList errors={authenticate.errors} />
          <button type="button" className="p-btn p-btn-primary" disabled={authenticate.busy || !saved.data?.PaymentToken} onClick={() => void authenticate.run()}>
            {t('planChange.authenticate.button')}
          </button>
        </div>
      )}
      {needsCard && (
        <div className="p-pc-auth">
          <p>{t('planChange.options.noCard')}</p>
          <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('updatePaymentInformation', { nextState: 'planOptionsChange' })}>
            {t('planChange.options.addCard')}
          </button>
        </div>
      )}
      <div className="p-pc-actions">
        <button
          type="button"
          className="p-btn p-btn-primary"
          aria-describedby={sentence ? sentenceId : undefined}
          disabled={unchanged || confirm.busy || preview.busy || !preview.now || needsAuthentication}
          onClick={() => void confirm.run()}
        >
          {confirm.busy ? t('planChange.options.confirming') : label}
        </button>
        {cancel}
      </div>
    </div>
  );
}
