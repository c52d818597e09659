/**
 * The payment summary's chunk (vite.config.ts 'receipt'): registerConfirmation renders it lazily, and a
 * sign-up that pays starts fetching it while the registration is sent, so it is there when the screen is.
 */
export const loadPaymentReceipt = () => import('./payment-receipt.tsx');

/** Starts the fetch early; a failure here is retried by the screen's own import. */
export function preloadPaymentReceipt(): void {
  loadPaymentReceipt().catch(() => undefined);
}
