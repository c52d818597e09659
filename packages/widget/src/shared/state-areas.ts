import type { StateName } from '@portico/core';

/**
 * Product area of every named state: used by the developer harness (demo/harness.html) to group its
 * popup buttons, and by docs/states.md. Pure data, no React, so the loader
 * can expose it as Portico.stateAreas.
 */
export const STATE_AREAS = {
  'Sign-up and checkout': ['selectPlan', 'register', 'registerConfirmation', 'checkout', 'processing'],
  'Login and password': ['login', 'forgotPassword', 'forgotPasswordConfirmation', 'resetPassword', 'passwordChange', 'chooseAccount'],
  'Profile and account': ['profile', 'profileView', 'profileEdit', 'account', 'accountEdit', 'emailChange', 'emailChangeSent', 'emailChangeConfirm', 'emailChangeUndo'],
  'Plan and billing': [
    'plan', 'planChange', 'planOptionsChange', 'planChangeConfirmation', 'planCancel', 'billing',
    'billingRemovePaymentInformation', 'billingInvoiceRecipients', 'updatePaymentInformation',
    'accountPastDue', 'accountActionRequired', 'invoicePayment',
  ],
  Team: ['team', 'teamMemberInvite', 'teamMemberPromote', 'teamMemberRemove'],
  'Email lists': ['manage', '_thankYou', '_unsubscribed', 'unsubscribe', 'emailListConfirmation', 'emailListRequiresConfirmation'],
  'Community server': ['discordInterstitial', 'discordSettings'],
  'Support, chat and lead forms': ['support', 'supportThankYou', 'chat', 'leadForm', 'thankYou'],
} as const satisfies Record<string, readonly StateName[]>;

export type StateArea = keyof typeof STATE_AREAS;

export function areaOf(state: StateName): StateArea | undefined {
  for (const [area, states] of Object.entries(STATE_AREAS) as [StateArea, readonly StateName[]][]) {
    if (states.includes(state)) return area;
  }
  return undefined;
}
