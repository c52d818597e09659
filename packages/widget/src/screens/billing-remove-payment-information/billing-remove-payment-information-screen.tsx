import '../billing/setup.ts';
import { ErrorCode } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { useSession } from '../../session/use-session.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { ConfirmShell } from '../../components/confirm-shell.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { REAUTH_CANCELLED, useReauthentication } from '../../auth/reauthenticate/use-reauthentication.tsx';
import { removePaymentInformation } from '../billing/billing-calls.ts';

/**
 * billingRemovePaymentInformation (spec 2 sections 2 and 4): 'Are you sure you want to remove this
 * card?', 'Remove card' / Cancel, both back to billing (the account read again). Removing the card
 * is sensitive: a sign-in older than the window is asked 'Confirm it's you' first. The only card of
 * a plan with a payment to come is refused by the server with the reason
 * (Errors.PaymentInformationInUse), shown here; nothing is removed then.
 */
export default function BillingRemovePaymentInformationScreen({ params }: ScreenProps<'billingRemovePaymentInformation'>) {
  const { t } = useTranslation();
  const { actions, settings } = useWidget();
  const { claims } = useSession();
  const api = useApi();
  const cache = useQueryCache();
  const reauth = useReauthentication();
  const remove = useAction(async () => {
    if (!params.uid) return;
    if (await reauth.run(() => removePaymentInformation(api, params.uid!)) === REAUTH_CANCELLED) return;
    cache.invalidate();
    actions.notify(t('billingScreen.remove.removed'));
    actions.goTo('billing');
  });
  // The refusal names the plan the card pays for (the token's plan, named from the settings' catalogue).
  const plan = settings.PlanFamilies.flatMap((f) => f.Plans).find((p) => p.Uid === claims?.planUid)?.Name;
  const errors = remove.errors.map((e) => (e.code === ErrorCode.PaymentInformationInUse && plan ? { code: 'billingScreen.remove.inUse', values: { plan } } : e));
  return (
    <ConfirmShell
      heading={t('states.billingRemovePaymentInformation')}
      text={[t('billingScreen.remove.text'), ...(params.card ? [params.card] : [])]}
      confirmLabel={t('billingScreen.remove.confirm')} busyLabel={t('billingScreen.remove.confirming')} cancelLabel={t('billingScreen.remove.cancel')}
      onConfirm={() => void remove.run()} onCancel={() => actions.goTo('billing')}
      busy={remove.busy} disabled={!params.uid} errors={errors}>
      {reauth.prompt}
    </ConfirmShell>
  );
}
