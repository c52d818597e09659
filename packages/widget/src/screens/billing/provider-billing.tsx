import type { ScreenProps } from '../../states.ts';

/** Payment-provider billing: the provider's invoices and subscriptions, 'Manage subscriptions' (issue 16). */
export function ProviderBilling(_props: ScreenProps<'billing'>) {
  return null;
}
