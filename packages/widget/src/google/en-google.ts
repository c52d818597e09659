/** English strings of the Google sign-in button (added under `google.*` with its chunk). */
export const enGoogle = {
  label: 'Sign up with Google',
  loadFailed: 'Google sign-in could not be loaded. You can use the form below.',
};
