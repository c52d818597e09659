import { BILLING_RENEWAL_TERMS, isStateName } from '@portico/core';
import type { BillingRenewalTerm, StateName } from '@portico/core';
import type { WidgetState } from '../navigation/navigator.ts';

type Raw = Readonly<Record<string, unknown>>;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const state = (v: unknown): StateName | undefined => (typeof v === 'string' && isStateName(v) ? v : undefined);
const term = (v: unknown): BillingRenewalTerm | undefined => ((BILLING_RENEWAL_TERMS as readonly unknown[]).includes(v) ? (v as BillingRenewalTerm) : undefined);
const flag = (v: unknown): boolean | undefined => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);
const record = (v: unknown): object | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined);
const oneOf = <T extends string>(values: readonly T[]) => (v: unknown): T | undefined => (values.includes(v as T) ? (v as T) : undefined);

/** Keeps the keys whose reader accepted the value: a host page's typo never reaches a screen. */
function read<T extends object>(raw: Raw, readers: { [K in keyof T]-?: (v: unknown) => T[K] | undefined }): T {
  const out: Partial<T> = {};
  for (const key of Object.keys(readers) as (keyof T)[]) {
    const value = readers[key](raw[key as string]);
    if (value !== undefined) out[key] = value;
  }
  return out as T;
}

export const REGISTER_CONFIRMATION_VARIANTS = ['thankYou', 'almostDone', 'almostDoneSetPassword', 'accountCreated'] as const;
export const PROCESSING_ACTIONS = ['signUp', 'changePlan', 'savePaymentInformation'] as const;
export const PLAN_CHANGE_OUTCOMES = ['charged', 'changed', 'scheduled'] as const;
export const LINK_TOKEN_KINDS = ['reset', 'confirmation'] as const;
export const REPAIR_REASONS = ['expired', 'planUpgrade', 'quantityUpgrade', 'paymentInformation', 'pastDue'] as const;

/**
 * The params each state takes, from `Portico.open(state, { params })`, an embed
 * or `goTo` — one reader per state, and its type is what the screen receives.
 * States not listed take none. The plan, term, add-ons and code of a sign-up
 * travel in the flow draft (flow-draft.ts), not here.
 */
const READERS = {
  selectPlan: (raw: Raw) => read<{ nextState?: StateName; upgradeMode?: boolean }>(raw, { nextState: state, upgradeMode: flag }),
  planChange: (raw: Raw) => read<{ upgradeMode?: boolean }>(raw, { upgradeMode: flag }),
  // What the completed change did (issue 16): charged today (amount in minor units), changed now, or scheduled for a date.
  planChangeConfirmation: (raw: Raw) => read<{ plan?: string; outcome?: (typeof PLAN_CHANGE_OUTCOMES)[number]; amount?: number; date?: string }>(raw, {
    plan: text, outcome: oneOf(PLAN_CHANGE_OUTCOMES), amount: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined), date: text,
  }),
  // skipPlanOptions: with a plan and a term, register is the whole sign-up on one screen; fixedPlan: no 'Change plan'.
  register: (raw: Raw) => read<{ planUid?: string; term?: BillingRenewalTerm; skipPlanOptions?: boolean; fixedPlan?: boolean }>(raw, { planUid: text, term, skipPlanOptions: flag, fixedPlan: flag }),
  checkout: (raw: Raw) => read<{ nextState?: StateName; planUid?: string; term?: BillingRenewalTerm; fixedPlan?: boolean }>(raw, { nextState: state, planUid: text, term, fixedPlan: flag }),
  // email: where 'Almost done' says the mail went; confirmToken: the token of the confirmation link being followed;
  // receipt: what a paid sign-up paid and what follows (flow/receipt-facts.ts), read in full by the payment summary's
  // own chunk (payment-receipt.tsx), not here: its reader would sit in app.js, on every first screen.
  registerConfirmation: (raw: Raw) => read<{ variant?: (typeof REGISTER_CONFIRMATION_VARIANTS)[number]; email?: string; confirmToken?: string; receipt?: object }>(raw, { variant: oneOf(REGISTER_CONFIRMATION_VARIANTS), email: text, confirmToken: text, receipt: record }),
  // from: the screen that sent the customer to the payment step; the rest: the provider's return values, read by the loader.
  processing: (raw: Raw) => read<{
    action?: (typeof PROCESSING_ACTIONS)[number]; from?: StateName;
    redirectStatus?: string; paymentIntent?: string; setupIntent?: string; clientSecret?: string;
  }>(raw, { action: oneOf(PROCESSING_ACTIONS), from: state, redirectStatus: text, paymentIntent: text, setupIntent: text, clientSecret: text }),
  updatePaymentInformation: (raw: Raw) => read<{ nextState?: StateName }>(raw, { nextState: state }),
  // The invoice to pay (the mailed link's `portico_pay_invoice`), and on the return from the bank's step the provider's values (loader/landing.ts).
  invoicePayment: (raw: Raw) => read<{ invoiceUid?: string; redirectStatus?: string; clientSecret?: string }>(raw, {
    invoiceUid: text, redirectStatus: text, clientSecret: text,
  }),
  // A reset link's token (`kind` reset) or an invitation's set-password token (`kind` confirmation); none after a PasswordMustChange login.
  resetPassword: (raw: Raw) => read<{ token?: string; kind?: (typeof LINK_TOKEN_KINDS)[number] }>(raw, { token: text, kind: oneOf(LINK_TOKEN_KINDS) }),
  forgotPassword: (raw: Raw) => read<{ email?: string }>(raw, { email: text }),
  forgotPasswordConfirmation: (raw: Raw) => read<{ email?: string }>(raw, { email: text }),
  // The account a host page wants signed in to when the person has several (post-login routing's hint);
  // email: the address to start from (sign-up's 'Log in instead' for a taken email).
  // handedOverTo: the former owner, signed out after making this person the primary contact (issue 15): the login says why.
  login: (raw: Raw) => read<{ clientIdentifier?: string; accountUid?: string; email?: string; handedOverTo?: string }>(raw, { clientIdentifier: text, accountUid: text, email: text, handedOverTo: text }),
  // profileEdit: the one group its 'Change <group>' link opens (issue 15), or the photo alone; neither: every editable field.
  profileEdit: (raw: Raw) => read<{ group?: string; photo?: boolean }>(raw, { group: text, photo: flag }),
  // Set by post-login routing: who can fix the account, why, and whether the provider's customer portal can.
  accountActionRequired: (raw: Raw) => read<{ primaryContact?: string; reason?: (typeof REPAIR_REASONS)[number]; portal?: boolean }>(raw, { primaryContact: text, reason: oneOf(REPAIR_REASONS), portal: flag }),
  // team: the page (row offset) to open on; promote/remove: the PersonAccount and how to name the person.
  team: (raw: Raw) => read<{ offset?: number }>(raw, { offset: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined) }),
  teamMemberPromote: (raw: Raw) => read<{ uid?: string; name?: string }>(raw, { uid: text, name: text }),
  // invitation: the row is a pending invitation (issue 15): the screen revokes it instead of removing a member.
  teamMemberRemove: (raw: Raw) => read<{ uid?: string; name?: string; invitation?: boolean }>(raw, { uid: text, name: text, invitation: (v) => (v === true ? true : undefined) }),
  // The payment method to remove and how the confirmation names it (issue 16).
  billingRemovePaymentInformation: (raw: Raw) => read<{ uid?: string; card?: string }>(raw, { uid: text, card: text }),
  // The email change: where the link went; the token of the link being followed (the loader reads it from the page address).
  emailChangeSent: (raw: Raw) => read<{ email?: string }>(raw, { email: text }),
  emailChangeConfirm: (raw: Raw) => read<{ token?: string }>(raw, { token: text }),
  emailChangeUndo: (raw: Raw) => read<{ token?: string }>(raw, { token: text }),
  // discordSettings (issue 18 discord): confirm, the disconnect confirmation (a state move, so the focus goes to its Cancel).
  discordSettings: (raw: Raw) => read<{ confirm?: boolean }>(raw, { confirm: (v) => (v === true ? true : undefined) }),
  // Email lists (issue 18): the mailed person token (loader/landing.ts `listsToken`), the list a link names,
  // the double opt-in's single-use token, the lists waiting for confirmation, an embed's own redirect.
  manage: (raw: Raw) => read<{ token?: string }>(raw, { token: text }),
  _thankYou: (raw: Raw) => read<{ token?: string }>(raw, { token: text }),
  _unsubscribed: (raw: Raw) => read<{ token?: string }>(raw, { token: text }),
  unsubscribe: (raw: Raw) => read<{ token?: string; listUid?: string }>(raw, { token: text, listUid: text }),
  emailListRequiresConfirmation: (raw: Raw) => read<{ token?: string; lists?: string }>(raw, { token: text, lists: text }),
  emailListConfirmation: (raw: Raw) => read<{ confirmToken?: string; listUid?: string; redirectUrl?: string }>(raw, { confirmToken: text, listUid: text, redirectUrl: text }),
  // Lead forms (issue 18): the form to show; thankYou's message (the form's own) and the form to go back to.
  leadForm: (raw: Raw) => read<{ formUid?: string }>(raw, { formUid: text }),
  thankYou: (raw: Raw) => read<{ message?: string; formUid?: string }>(raw, { message: text, formUid: text }),
} satisfies Partial<Record<StateName, (raw: Raw) => object>>;

type Readers = typeof READERS;
export type StateParamsMap = { [S in keyof Readers]: ReturnType<Readers[S]> };

/** The params of one state; a state not in the map takes none. */
export type StateParams<S extends WidgetState> = S extends keyof StateParamsMap ? StateParamsMap[S] : Record<string, never>;

/** Untyped params (host page, loader) as the state's typed params; unknown keys and bad values are dropped. */
export function parseStateParams<S extends WidgetState>(target: S, raw: Raw | undefined): StateParams<S> {
  const reader = (READERS as Partial<Record<WidgetState, (raw: Raw) => object>>)[target];
  return (reader ? reader(raw ?? {}) : {}) as StateParams<S>;
}
