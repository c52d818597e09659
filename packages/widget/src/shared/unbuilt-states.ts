import type { StateName } from '@portico/core';

/**
 * The states whose screen is not built yet (their row in states.ts renders the "not available yet"
 * screen). The loader reads this small list, not states.ts (which names every screen's chunk): a
 * `data-portico-popup` or `data-portico-embed` trigger for one of them is hidden and never opens,
 * and `Portico.isStateBuilt(name)` tells a host page, so no control on a page leads to "not
 * available yet" (issue 15). states.test.ts checks the list against the rows.
 */
export const UNBUILT_STATES: ReadonlySet<string> = new Set<StateName>([
  'plan', 'planChange', 'planOptionsChange', 'planChangeConfirmation', 'planCancel',
  'billing', 'billingRemovePaymentInformation', 'billingInvoiceRecipients',
  'manage', '_thankYou', '_unsubscribed', 'unsubscribe', 'emailListConfirmation', 'emailListRequiresConfirmation',
  'discordSettings', 'support', 'supportThankYou', 'chat', 'leadForm', 'thankYou',
]);

export const isStateBuilt = (name: string): boolean => !UNBUILT_STATES.has(name);
