/**
 * Every named widget state. The first block is the contract list of spec 2
 * section 2 (which includes spec 1's states); the second names screens both
 * specs describe without giving a state name (docs/states.md).
 */
export const CONTRACT_STATES = [
  'login', 'register', 'selectPlan', 'profile', 'profileView', 'profileEdit', 'accountEdit', 'account',
  'forgotPassword', 'forgotPasswordConfirmation', 'resetPassword', 'passwordChange', 'chooseAccount',
  'accountPastDue', 'accountActionRequired', 'updatePaymentInformation', 'discordInterstitial', 'plan',
  'planChange', 'planOptionsChange', 'planChangeConfirmation', 'planCancel', 'billing',
  'billingRemovePaymentInformation', 'billingInvoiceRecipients', 'team', 'teamMemberInvite',
  'teamMemberPromote', 'teamMemberRemove', 'manage', '_thankYou', '_unsubscribed', 'thankYou',
  'registerConfirmation', 'checkout', 'processing',
] as const;

export const UNNAMED_SCREEN_STATES = [
  'unsubscribe', 'emailListConfirmation', 'emailListRequiresConfirmation', 'discordSettings',
  'support', 'supportThankYou', 'chat', 'leadForm',
] as const;

/**
 * Screens Portico adds beyond both specs (docs/states.md "Added states"): not part of the spec's
 * contract. The email change (issue 12): the request (new email and current password), 'check your
 * inbox', the link mailed to the new address, and the undo link mailed to the old one. Renewals (issue 17):
 * invoicePayment, 'Authenticate your payment' for one invoice whose off-session charge the bank wants confirmed.
 */
export const ADDED_STATES = ['emailChange', 'emailChangeSent', 'emailChangeConfirm', 'emailChangeUndo', 'invoicePayment'] as const;

export const STATE_NAMES = [...CONTRACT_STATES, ...UNNAMED_SCREEN_STATES, ...ADDED_STATES] as const;
export type StateName = (typeof STATE_NAMES)[number];

export function isStateName(value: string): value is StateName {
  return (STATE_NAMES as readonly string[]).includes(value);
}
