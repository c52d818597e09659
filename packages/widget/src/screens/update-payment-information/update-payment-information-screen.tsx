import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useSession } from '../../session/use-session.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { UpdatePaymentForm } from './update-payment-form.tsx';

/**
 * updatePaymentInformation (spec 1 section 2): the title, the card input (the payments
 * component, a setup intent on the account), the terms when terms acceptance is configured for
 * this location (spec 1 section 5 "Terms"), and a full-width Save (update-payment-form.tsx).
 */
export default function UpdatePaymentInformationScreen({ params }: ScreenProps<'updatePaymentInformation'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const accountUid = useSession().claims?.accountUid ?? null;

  // Signed in (the outlet's gate) but with no account to pay for.
  if (!accountUid) {
    return (
      <div>
        <ScreenHeading>{t('states.updatePaymentInformation')}</ScreenHeading>
        <p className="p-lead">{t('signup.updatePayment.signedOut')}</p>
      </div>
    );
  }
  return (
    <div>
      <ScreenHeading>{t('states.updatePaymentInformation')}</ScreenHeading>
      <UpdatePaymentForm accountUid={accountUid} returnTo="updatePaymentInformation" label={t('states.updatePaymentInformation')}
        onSaved={(notice) => {
          actions.notify(notice);
          actions.goTo(params.nextState ?? 'billing');
        }} />
    </div>
  );
}
