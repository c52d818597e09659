/** Strings of the sign-in screens (login, chooseAccount, accountPastDue, accountActionRequired, discordInterstitial), registered under `signin.*` with their chunk. */
export const enSignin = {
  login: {
    email: 'Email',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    forgot: 'Forgot password?',
    noAccount: 'No account yet?',
    create: 'Create account',
    or: 'OR',
    signingIn: 'Signing you in…',
    // The signed-in gate showed login in place of a member screen (its title).
    toContinue: 'Log in to continue to {{screen}}.',
    // After 'Make primary contact' (team): why the former owner is looking at login.
    handedOver: 'You made {{name}} the primary contact, so you were logged out. Log in again to continue as a team member.',
  },
  code: {
    title: 'Enter the code from the email',
    sent: 'We sent a code to {{email}}. It can take a minute to arrive. If the password you typed was wrong, no code is sent: go back and try again.',
    why: 'There were many failed attempts to sign in to this account, so a browser that has not signed in here before needs the code as well as the password.',
    label: 'Code from the email',
    submit: 'Continue',
    submitting: 'Checking…',
    resend: 'Send a new code',
    resending: 'Sending…',
    resent: 'If the password was right, a new code is on its way to {{email}}. Only the newest code works.',
    back: 'Back',
  },
  unconfirmed: {
    resend: 'Send the link again',
    sending: 'Sending…',
    sent: 'We sent a new link to {{email}}.',
  },
  choose: {
    text: 'Please select the account you wish to login to:',
    primary: 'Account owner',
    member: 'Member',
    opening: 'Opening {{name}}…',
  },
  pastDue: {
    text: 'This account is past due or needs to be upgraded.',
    primaryMust: 'The account owner must log in to update it.',
    back: 'Back to log in',
  },
  actionRequired: {
    text: 'This account needs attention before you can continue.',
    named: '{{name}} is the account owner and must log in to fix it.',
    unnamed: 'The account owner must log in to fix it.',
    portalText: 'This account is past due. Update your payment details in the billing portal.',
    openPortal: 'Open billing portal',
    openingPortal: 'Opening billing portal…',
    back: 'Back to log in',
  },
  community: {
    text: 'Your plan includes our community server. Join the conversation with other members on Discord.',
    join: 'Join our Discord',
    joinNewTab: '(opens in a new tab)',
    notNow: 'Not now',
    continue: 'Continue',
  },
};
