/** English strings of the captcha (its lazy chunk adds them under `captcha.*`). */
export const enCaptcha = {
  label: 'Spam protection',
  solving: 'Checking that you are a person…',
  verified: 'Checked: you are a person.',
  failed: 'The check could not finish.',
  loadFailed: 'The captcha could not be loaded.',
  retry: 'Try again',
};
