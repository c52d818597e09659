import type { ScreenProps } from '../../states.ts';

/** Native billing: 'Next payment', payment information, discount, invoices, recipients (issue 16). */
export function NativeBilling(_props: ScreenProps<'billing'>) {
  return null;
}
