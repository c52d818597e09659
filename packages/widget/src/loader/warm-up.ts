/**
 * The first Intl.NumberFormat a page makes costs tens of milliseconds (the browser loads its number
 * formatting data; measured here: 100-300 ms in a busy Chromium, the next one 0.1 ms), and every
 * price on a first screen waits for it (core formatMoney). Made while chunks/app.js downloads and
 * the main thread has nothing to do, it is paid before the app runs. Any locale and currency warm
 * them all. Only for the screens that show prices at once: a login would pay it for nothing, and so
 * would a register first screen, which usually comes before the plan (it then formats no amount;
 * run on a busy main thread, the warm-up delayed the chunks it was meant to overlap).
 */
const PRICED_FIRST_SCREENS: ReadonlySet<string> = new Set(['selectPlan', 'checkout', 'processing', 'registerConfirmation']);

let warmed = false;

export function warmUpNumberFormat(state: string, schedule: (fn: () => void) => void = (fn) => setTimeout(fn, 0)): void {
  if (warmed || !PRICED_FIRST_SCREENS.has(state)) return;
  warmed = true;
  schedule(() => {
    try {
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(0);
    } catch {
      /* a browser without Intl currency formatting: the app's own formatter copes */
    }
  });
}
