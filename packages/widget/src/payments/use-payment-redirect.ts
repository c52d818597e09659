import { useEffect, useState } from 'react';
import { readPaymentRedirect, withoutPaymentRedirect, type PaymentRedirect } from './payment-redirect.ts';

/**
 * The redirect's values in this page's address, read when the screen first renders and removed
 * from the address bar once it has committed. Not removed while rendering: React may throw a
 * render away (a lazy child suspending) and render again, and the second render must still find them.
 */
export function usePaymentRedirect(): PaymentRedirect | null {
  const [found] = useState(() => readPaymentRedirect(window.location.href));
  useEffect(() => {
    if (found) window.history.replaceState(window.history.state, '', withoutPaymentRedirect(window.location.href));
  }, [found]);
  return found;
}
