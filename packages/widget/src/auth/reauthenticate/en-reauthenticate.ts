/** English strings of the 'Confirm it's you' step (lazy; registered under `reauth.*` by setup.ts). */
export const enReauthenticate = {
  title: "Confirm it's you",
  text: 'For your security, enter your password again to continue. You will not be asked again for {{minutes}} minutes.',
  textGoogle: 'For your security, sign in with Google again to continue. You will not be asked again for {{minutes}} minutes.',
  googleUnavailable: 'Sign out and sign in again to continue.',
  password: 'Password',
  confirm: 'Confirm',
  confirming: 'Confirming…',
  cancel: 'Cancel',
};
