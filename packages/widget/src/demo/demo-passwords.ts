import { ErrorCode } from '@portico/core';
import { checkPassword, passwordFieldErrors } from '@portico/core/passwords/password-policy';
import { DEMO_SETTINGS } from './demo-settings.ts';
import { DemoRefusal } from './demo-transport.ts';

/** A few of the server's common passwords, so the demo's indicator can be seen failing. */
const COMMON = new Set(['password', 'password1', 'password123', '123456789', 'qwertyuiop', 'iloveyou', '1234567890']);
const extraRules = [{ PolicyKey: 'CommonPasswordDisallowed', isValid: (p: string) => !COMMON.has(p.toLowerCase()) }];

/** POST /auth/validate-password in demo mode: core's rules on the demo policy (no history: the demo keeps none). */
export function demoValidatePassword(password: string) {
  const items = checkPassword(password, DEMO_SETTINGS.PasswordPolicy, { extraRules });
  return { items, IsValid: items.every((i) => i.IsValid) };
}

/** The policy check of a demo reset or change: 400 with the server's field errors when it fails. */
export function demoCheckNewPassword(password: string | undefined) {
  const items = checkPassword(password ?? '', DEMO_SETTINGS.PasswordPolicy, { extraRules });
  const errors = passwordFieldErrors('NewPassword', items, DEMO_SETTINGS.PasswordPolicy);
  if (errors.length) throw new DemoRefusal(400, errors.length === 1 ? errors[0]!.ErrorCode as ErrorCode : ErrorCode.ValidationFailed, errors);
}
