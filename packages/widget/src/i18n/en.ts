import { defaultMessages } from '@portico/core';
import type { StateName } from '@portico/core';

/** Screen titles, one per named state (also the dialog label in popup mode). */
const stateTitles: Record<StateName, string> = {
  login: 'Log in',
  register: 'Sign up',
  selectPlan: 'Choose a plan',
  profile: 'Profile',
  profileView: 'Profile',
  profileEdit: 'Edit profile',
  accountEdit: 'Edit account',
  account: 'Account',
  forgotPassword: 'Forgot password',
  forgotPasswordConfirmation: 'Check your email',
  resetPassword: 'Set your password',
  passwordChange: 'Change password',
  chooseAccount: 'Choose Account',
  accountPastDue: 'Account past due',
  accountActionRequired: 'Action required',
  updatePaymentInformation: 'Update payment information',
  discordInterstitial: 'Join our Discord',
  plan: 'Plan',
  planChange: 'Change plan',
  planOptionsChange: 'Edit plan options',
  planChangeConfirmation: 'Plan changed',
  planCancel: 'Cancel subscription',
  billing: 'Billing',
  billingRemovePaymentInformation: 'Remove card',
  billingInvoiceRecipients: 'Invoice recipients',
  team: 'Team',
  teamMemberInvite: 'Invite new team member',
  teamMemberPromote: 'Make primary contact',
  teamMemberRemove: 'Remove team member',
  manage: 'Email preferences',
  _thankYou: 'Thank you',
  _unsubscribed: 'Unsubscribed',
  thankYou: 'Thank you',
  registerConfirmation: 'Thank you',
  checkout: 'Checkout',
  processing: 'Completing sign up',
  unsubscribe: 'Unsubscribe',
  emailListConfirmation: 'Thank you',
  emailListRequiresConfirmation: 'Please check your email',
  discordSettings: 'Discord',
  support: 'Contact support',
  supportThankYou: 'Thank you',
  chat: 'Chat',
  leadForm: 'Get in touch',
};

/** 'Errors.Email.required' -> { Errors: { Email: { required } } } for i18next's dotted keys. */
function nest(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

/** Catalogue messages, with interpolation where the widget has the values. */
const errorMessages: Record<string, string> = {
  ...defaultMessages,
  'Errors.FileTooLarge': '{{filename}} is larger than {{maxSize}}.',
};

export const en = {
  ...nest(errorMessages),
  states: stateTitles,
  common: {
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save',
    back: 'Back',
    loading: 'Loading…',
    retry: 'Try again',
    poweredBy: 'Secured by Portico',
    billingTerm: 'Billing term',
    termNames: { Monthly: 'Monthly', Quarterly: 'Quarterly', Yearly: 'Yearly', OneTime: 'One time' },
  },
  notAvailable: {
    heading: '{{title}}: this screen is not available yet',
    body: 'The “{{title}}” screen ({{state}}) is not available yet.',
  },
  notices: {
    region: 'Notifications',
    dismiss: 'Dismiss notification',
  },
  controls: {
    increase: 'Increase {{label}}',
    decrease: 'Decrease {{label}}',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    show: 'Show',
    hide: 'Hide',
    chooseFile: 'Choose file',
    noFile: 'No file chosen',
    fileHelp: 'Max {{size}}, {{types}}',
    selectPlaceholder: 'Select…',
  },
  selectPlan: {
    intro: 'Pick the plan that fits you. You can change it later.',
    choose: 'Choose',
    chooseNamed: 'Choose {{name}}',
    selected: 'Selected',
    empty: 'No plans are available right now.',
    providerBilling: 'Plans are managed by the payment provider for this site.',
    trial: '{{count}}-day free trial',
    perUnit: 'per {{unit}}',
    popular: 'Most popular',
    free: 'Free',
    unavailableTerm: 'Not available with this billing term',
    unavailableLower: 'Lower than your current plan',
    couponDropped: 'The discount code {{code}} does not apply to this plan and was removed.',
    term: {
      Monthly: '/ month',
      Quarterly: '/ quarter',
      Yearly: '/ year',
      OneTime: 'one time',
    },
  },
  profileView: {
    photo: 'Profile photo',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    change: 'Change {{group}}',
    passwordMask: '••••••••',
    googleManaged: 'Managed by your Google login',
    photoAlt: 'Profile photo placeholder showing {{initials}}',
    signedOut: 'Log in to see your profile.',
    logIn: 'Log in',
    notSignedInServer: 'Profile viewing needs a signed-in member.',
  },
  demo: {
    badge: 'Demo mode',
    saveSkipped: 'Saved (demo mode: nothing was sent).',
  },
};

export type EnglishResources = typeof en;
