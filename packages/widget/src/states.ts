import type { ComponentType } from 'react';
import type { StateName } from '@portico/core';
import type { WidgetState } from './navigation/navigator.ts';
import type { StateParams } from './flow/state-params.ts';

/**
 * The table of named states (spec 2 section 2 plus docs/states.md): one row per
 * StateName with what the rest of the widget needs to know about it — the screen
 * (a lazy chunk), whether it is built, its title string, the popup width, and
 * whether it needs a signed-in person. Screens not built yet render the shared
 * "not available yet" screen, which names the state; later work swaps the row.
 * Params per state: flow/state-params.ts.
 */
export interface ScreenProps<S extends WidgetState = WidgetState> {
  state: S;
  params: StateParams<S>;
}
// A row's screen takes its own state's params; the outlet renders it with parsed params.
export type ScreenModule = { default: ComponentType<ScreenProps<never>> };

export interface StateEntry {
  load: () => Promise<ScreenModule>;
  /** False while the row still points at the "not available" screen. */
  built: boolean;
  /** i18n key of the screen title (also the popup's label). */
  title: string;
  /** Popup width: plan lists need room for cards side by side. */
  width: 'narrow' | 'wide';
  /** The state shows one person's data: without a sign-in it has nothing to show. */
  needsSignedIn: boolean;
}

type Facts = Partial<Pick<StateEntry, 'width' | 'needsSignedIn'>>;
/**
 * A state named before its screen exists: its entry points stay hidden (loader isBuiltIn). Since issue 18 every
 * named state has a screen; this stays the one way to add a state ahead of its screen.
 */
export const notAvailable = (facts: Facts = {}): Omit<StateEntry, 'title'> =>
  ({ load: () => import('./screens/not-available/not-available-screen.tsx'), built: false, width: 'narrow', needsSignedIn: false, ...facts });
const built = (load: StateEntry['load'], facts: Facts = {}): Omit<StateEntry, 'title'> => ({ load, built: true, width: 'narrow', needsSignedIn: false, ...facts });
const member: Facts = { needsSignedIn: true };

const ROWS: Record<StateName, Omit<StateEntry, 'title'>> = {
  // Sign-up and checkout (spec 1)
  selectPlan: built(() => import('./screens/select-plan/select-plan-screen.tsx'), { width: 'wide' }),
  register: built(() => import('./screens/register/register-screen.tsx')),
  registerConfirmation: built(() => import('./screens/register-confirmation/register-confirmation-screen.tsx')),
  checkout: built(() => import('./screens/checkout/checkout-screen.tsx')),
  processing: built(() => import('./screens/processing/processing-screen.tsx')),
  // Login and password
  login: built(() => import('./screens/login/login-screen.tsx')),
  forgotPassword: built(() => import('./screens/forgot-password/forgot-password-screen.tsx')),
  forgotPasswordConfirmation: built(() => import('./screens/forgot-password-confirmation/forgot-password-confirmation-screen.tsx')),
  resetPassword: built(() => import('./screens/reset-password/reset-password-screen.tsx')),
  passwordChange: built(() => import('./screens/password-change/password-change-screen.tsx'), member),
  chooseAccount: built(() => import('./screens/choose-account/choose-account-screen.tsx'), member),
  // Profile and account
  profile: built(() => import('./screens/profile-view/profile-view-screen.tsx'), member),
  profileView: built(() => import('./screens/profile-view/profile-view-screen.tsx'), member),
  profileEdit: built(() => import('./screens/profile-edit/profile-edit-screen.tsx'), member),
  account: built(() => import('./screens/account/account-screen.tsx'), member),
  accountEdit: built(() => import('./screens/account-edit/account-edit-screen.tsx'), member),
  // The email change (issue 12; not in the spec: docs/states.md "Added states"). The two link screens need no sign-in: the mailed token is the credential.
  emailChange: built(() => import('./screens/email-change/email-change-screen.tsx'), member),
  emailChangeSent: built(() => import('./screens/email-change/email-change-sent-screen.tsx'), member),
  emailChangeConfirm: built(() => import('./screens/email-change/email-change-confirm-screen.tsx')),
  emailChangeUndo: built(() => import('./screens/email-change/email-change-undo-screen.tsx')),
  // Plan and billing
  plan: built(() => import('./screens/plan/plan-screen.tsx'), member),
  planChange: built(() => import('./screens/plan-change/plan-change-screen.tsx'), { ...member, width: 'wide' }),
  planOptionsChange: built(() => import('./screens/plan-options-change/plan-options-change-screen.tsx'), member),
  planChangeConfirmation: built(() => import('./screens/plan-change-confirmation/plan-change-confirmation-screen.tsx'), member),
  planCancel: built(() => import('./screens/plan-cancel/plan-cancel-screen.tsx'), member),
  billing: built(() => import('./screens/billing/billing-screen.tsx'), member),
  billingRemovePaymentInformation: built(() => import('./screens/billing-remove-payment-information/billing-remove-payment-information-screen.tsx'), member),
  billingInvoiceRecipients: built(() => import('./screens/billing-invoice-recipients/billing-invoice-recipients-screen.tsx'), member),
  updatePaymentInformation: built(() => import('./screens/update-payment-information/update-payment-information-screen.tsx'), member),
  // Renewals (issue 17; not in the spec): 'Authenticate your payment' for one invoice, from the mailed link `?portico_pay_invoice=`.
  invoicePayment: built(() => import('./screens/invoice-payment/invoice-payment-screen.tsx'), member),
  accountPastDue: built(() => import('./screens/account-past-due/account-past-due-screen.tsx'), member),
  accountActionRequired: built(() => import('./screens/account-action-required/account-action-required-screen.tsx'), member),
  // Team
  team: built(() => import('./screens/team/team-screen.tsx'), member),
  teamMemberInvite: built(() => import('./screens/team-member-invite/team-member-invite-screen.tsx'), member),
  teamMemberPromote: built(() => import('./screens/team-member-promote/team-member-promote-screen.tsx'), member),
  teamMemberRemove: built(() => import('./screens/team-member-remove/team-member-remove-screen.tsx'), member),
  // Email lists (reachable from an email link without signing in)
  // Email lists (issue 18): reached from mailed links without login; the person token is in the params.
  manage: built(() => import('./screens/email-lists/manage-screen.tsx')),
  _thankYou: built(() => import('./screens/email-lists/thank-you-screen.tsx')),
  _unsubscribed: built(() => import('./screens/email-lists/unsubscribed-screen.tsx')),
  unsubscribe: built(() => import('./screens/email-lists/unsubscribe-screen.tsx')),
  emailListConfirmation: built(() => import('./screens/email-lists/email-list-confirmation-screen.tsx')),
  emailListRequiresConfirmation: built(() => import('./screens/email-lists/requires-confirmation-screen.tsx')),
  // Community server
  discordInterstitial: built(() => import('./screens/discord-interstitial/discord-interstitial-screen.tsx'), member),
  discordSettings: built(() => import('./screens/discord-settings/discord-settings-screen.tsx'), member),
  // Support, chat, lead forms
  support: built(() => import('./screens/support/support-screen.tsx')),
  supportThankYou: built(() => import('./screens/support-thank-you/support-thank-you-screen.tsx')),
  // The offline panel until live chat (issue 18); the chat issue replaces the screen, not the row.
  chat: built(() => import('./screens/chat/chat-screen.tsx')),
  // Lead capture forms (issue 18; docs/lead-forms.md): the host page's data-portico-form / Portico.showForm(uid) gives params.formUid.
  leadForm: built(() => import('./screens/lead-form/lead-form-screen.tsx')),
  thankYou: built(() => import('./screens/lead-form/thank-you-screen.tsx')),
};

export const STATE_TABLE = Object.fromEntries(
  Object.entries(ROWS).map(([name, row]) => [name, { ...row, title: `states.${name}` }]),
) as Record<StateName, StateEntry>;

/** The internal controls gallery is wide and public. */
const CONTROLS_FACTS = { title: 'gallery.heading', width: 'wide', needsSignedIn: false } as const;

/** The facts of any widget state, the internal gallery included. */
export function stateFacts(state: WidgetState): Pick<StateEntry, 'title' | 'width' | 'needsSignedIn'> {
  return state === '__controls' ? CONTROLS_FACTS : STATE_TABLE[state];
}

/** Internal harness screens reachable only through Portico.embed(el, '__controls'). */
export const INTERNAL_SCREENS = {
  __controls: () => import('./screens/controls-gallery/controls-gallery.tsx'),
} as const;
