import { readDeviceToken, rememberDeviceFromAnswer } from '../signin/known-device.ts';

/**
 * The console's device tokens (docs/console.md "Rate limits and lockout"): the widget's known-browser
 * store (signin/known-device.ts) under a key of its own, so an operator who is also a member with the
 * same email keeps both tokens. Sent with the next sign-in, so this browser gets in while strangers'
 * guesses have tripped the email.
 */
export const CONSOLE_DEVICES_KEY = 'portico.console.knownDevices';

function local(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export const consoleDeviceToken = (email: string): Promise<string | undefined> => readDeviceToken(email, local(), CONSOLE_DEVICES_KEY);

/** Keeps the device token of a sign-in's answer for the operator its token names. */
export const rememberConsoleDevice = (answer: { access_token: string; device_token?: string | undefined }): Promise<void> =>
  rememberDeviceFromAnswer(answer, local(), CONSOLE_DEVICES_KEY);
