import { useWidget } from '../../app/context.ts';
import type { ScreenProps } from '../../states.ts';
import { NativeBilling } from './native-billing.tsx';
import { ProviderBilling } from './provider-billing.tsx';

/**
 * billing (spec 2 section 2): two variants by the company's billing system. Native billing
 * (Portico's own invoices) and payment-provider billing (the provider's invoices, subscriptions
 * and customer portal) each live in their own file.
 */
export default function BillingScreen(props: ScreenProps<'billing'>) {
  const { settings } = useWidget();
  return settings.BillingSystem === 'Native' ? <NativeBilling {...props} /> : <ProviderBilling {...props} />;
}
