import { ErrorCode, isValidEmail } from '@portico/core';
import { defaultMessages } from '@portico/core/errors/default-messages';
import { EMAIL_CHANGE_TTL_HOURS } from '@portico/core/profile/email-change';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { demoProfile, demoSetEmail } from './demo-profile.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * Demo answers of the email change, per persona and kept in memory: any password is right (as any
 * password signs in), no mail goes out, and the confirm and undo screens (opened with any token)
 * finish the change the persona asked for on this page, or take the last one back.
 */
const pending = new Map<DemoPersonaName, { email: string; endOthers: boolean }>();
const previous = new Map<DemoPersonaName, string>();

const field = (Field: string, code: ErrorCode, Message = defaultMessages[code]) => ({ Field, ErrorCode: code, Message });

export function demoRequestEmailChange(name: DemoPersonaName, body: RequestBody<Operation<'post', '/api/v1/profile/email'>>): ResponseBody<Operation<'post', '/api/v1/profile/email'>> {
  const profile = demoProfile(name);
  if (profile.OAuthGoogleProfileId) throw new DemoRefusal(403, ErrorCode.Forbidden);
  const email = body.NewEmail.trim();
  const errors = [];
  if (!email) errors.push(field('NewEmail', ErrorCode.Required));
  else if (!isValidEmail(email)) errors.push(field('NewEmail', ErrorCode.InvalidEmail));
  else if (email === profile.Email) errors.push(field('NewEmail', ErrorCode.InvalidValue, 'This is already your email.'));
  if (!body.Password) errors.push(field('Password', ErrorCode.Required));
  if (errors.length) throw new DemoRefusal(400, errors.length === 1 ? errors[0]!.ErrorCode : ErrorCode.ValidationFailed, errors);
  pending.set(name, { email, endOthers: body.EndOtherSessions === true });
  return { PendingEmail: email, ExpiresInHours: EMAIL_CHANGE_TTL_HOURS };
}

export function demoConfirmEmailChange(name: DemoPersonaName): ResponseBody<Operation<'post', '/api/v1/profile/email/confirm'>> {
  const asked = pending.get(name);
  if (!asked) throw new DemoRefusal(404, ErrorCode.InvalidToken);
  pending.delete(name);
  previous.set(name, demoProfile(name).Email);
  demoSetEmail(name, asked.email);
  return { Email: asked.email, OtherSessionsEnded: asked.endOthers ? 1 : 0 };
}

export function demoUndoEmailChange(name: DemoPersonaName): ResponseBody<Operation<'post', '/api/v1/profile/email/undo'>> {
  const old = previous.get(name);
  if (!old) throw new DemoRefusal(404, ErrorCode.InvalidToken);
  previous.delete(name);
  demoSetEmail(name, old);
  return { Email: old, SessionsEnded: 1 };
}

/** Starts over (tests; a page reload does the same). */
export function resetDemoEmailChange(): void {
  pending.clear();
  previous.clear();
}
