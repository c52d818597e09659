/** Strings of the password screens (forgotPassword, forgotPasswordConfirmation, resetPassword, passwordChange), under `passwords.*` with their chunk. */
export const enPasswords = {
  forgot: {
    text: 'Enter the email address of your account and we will send you a link to choose a new password.',
    email: 'Email',
    submit: 'Send Reset Email',
    sending: 'Sending…',
    cancel: 'Cancel',
  },
  sent: {
    text: 'If an account uses {{email}}, an email with a link to reset the password is on its way. The link works once, for 60 minutes.',
    textNoEmail: 'If an account uses this address, an email with a link to reset the password is on its way. The link works once, for 60 minutes.',
    spam: 'Nothing after a few minutes? Look in your spam folder, or ask again.',
    back: 'Back to log in',
  },
  reset: {
    text: 'Choose a new password for your account.',
    setText: 'Choose a password for your account. Saving it confirms your email address and signs you in.',
    mustChange: 'Your password has to be changed before you continue.',
    password: 'New password',
    submit: 'Save password',
    saving: 'Saving…',
    cancel: 'Cancel',
    or: 'OR',
    google: 'Signing in with Google…',
    checking: 'Checking the link…',
    // A team invitation's link (issue 15): who invited, to which account.
    invitedHeading: 'Set your password',
    invitedBy: '{{inviter}} invited you to join {{account}}.',
    invited: 'You were invited to join {{account}}.',
    invitedText: 'Choose a password to join. Saving it signs you in.',
  },
  /** A sign-up link followed a second time (409 Errors.EmailAlreadyConfirmed). */
  linkUsed: {
    title: 'Email already confirmed',
    text: 'This email address is already confirmed. Log in to continue.',
    login: 'Log in',
  },
  /** The register screen's password, when the company asks for one at sign-up. */
  signup: {
    password: 'Password',
  },
  change: {
    current: 'Current password',
    password: 'New password',
    confirm: 'Confirm new password',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    done: 'Password changed',
  },
  rules: {
    heading: 'Your password needs',
    checking: 'Checking…',
    met: 'met',
    notMet: 'not met',
    MinimumLength: 'At least {{count}} characters',
    UpperLowerNumberRequired: 'An upper-case letter, a lower-case letter and a number',
    SpecialCharacterRequired: 'A special character such as ! or #',
    PasswordHistoryEnabled: 'Not one of your last {{count}} passwords',
    PersonalDataDisallowed: 'No part of your name or email address',
    CommonPasswordDisallowed: 'Not a commonly used password',
  },
};
