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
