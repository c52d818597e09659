import type { ComponentType } from 'react';
import type { StateName } from '@portico/core';
import type { WidgetState } from './navigation/navigator.ts';

/**
 * The table of named states (spec 2 section 2 plus docs/states.md): every
 * StateName maps to the screen it renders, loaded lazily as its own chunk.
 * Screens not built yet render the shared "not available yet" screen, which
 * names the state; later work swaps the loader of that row.
 */
export interface ScreenProps {
  state: WidgetState;
  params: Record<string, unknown>;
}
export type ScreenModule = { default: ComponentType<ScreenProps> };

export interface StateEntry {
  load: () => Promise<ScreenModule>;
  /** False while the row still points at the "not available" screen. */
  built: boolean;
}

const notAvailable: StateEntry = {
  load: () => import('./screens/not-available/not-available-screen.tsx'),
  built: false,
};

const built = (load: StateEntry['load']): StateEntry => ({ load, built: true });

export const STATE_TABLE: Record<StateName, StateEntry> = {
  // Sign-up and checkout (spec 1)
  selectPlan: built(() => import('./screens/select-plan/select-plan-screen.tsx')),
  register: notAvailable,
  registerConfirmation: notAvailable,
  checkout: built(() => import('./screens/checkout/checkout-screen.tsx')),
  processing: notAvailable,
  // Login and password
  login: notAvailable,
  forgotPassword: notAvailable,
  forgotPasswordConfirmation: notAvailable,
  resetPassword: notAvailable,
  passwordChange: notAvailable,
  chooseAccount: notAvailable,
  // Profile and account
  profile: built(() => import('./screens/profile-view/profile-view-screen.tsx')),
  profileView: built(() => import('./screens/profile-view/profile-view-screen.tsx')),
  profileEdit: notAvailable,
  account: notAvailable,
  accountEdit: notAvailable,
  // Plan and billing
  plan: notAvailable,
  planChange: notAvailable,
  planOptionsChange: notAvailable,
  planChangeConfirmation: notAvailable,
  planCancel: notAvailable,
  billing: notAvailable,
  billingRemovePaymentInformation: notAvailable,
  billingInvoiceRecipients: notAvailable,
  updatePaymentInformation: notAvailable,
  accountPastDue: notAvailable,
  accountActionRequired: notAvailable,
  // Team
  team: notAvailable,
  teamMemberInvite: notAvailable,
  teamMemberPromote: notAvailable,
  teamMemberRemove: notAvailable,
  // Email lists
  manage: notAvailable,
  _thankYou: notAvailable,
  _unsubscribed: notAvailable,
  unsubscribe: notAvailable,
  emailListConfirmation: notAvailable,
  emailListRequiresConfirmation: notAvailable,
  // Community server
  discordInterstitial: notAvailable,
  discordSettings: notAvailable,
  // Support, chat, lead forms
  support: notAvailable,
  supportThankYou: notAvailable,
  chat: notAvailable,
  leadForm: notAvailable,
  thankYou: notAvailable,
};

/** Internal harness screens reachable only through Portico.embed(el, '__controls'). */
export const INTERNAL_SCREENS = {
  __controls: () => import('./screens/controls-gallery/controls-gallery.tsx'),
} as const;
