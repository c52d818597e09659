import { ErrorCode } from '@portico/core';
import type { RoutingAccount } from '@portico/core/signin/post-login-routing';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PERSONA_DATA, type DemoPersona } from './personas.ts';

/** The persona whose email this is (any case), or null: a demo login signs in only as a demo person (issue 15). */
export function demoPersonaByEmail(email: string): DemoPersonaName | null {
  const typed = email.trim().toLowerCase();
  return Object.values(DEMO_PERSONA_DATA).find((p) => p.person?.Email.toLowerCase() === typed)?.name ?? null;
}

/** The demo people's emails, for the demo page's hint beside its login. */
export const DEMO_LOGIN_EMAILS: readonly string[] = Object.values(DEMO_PERSONA_DATA).flatMap((p) => (p.person ? [p.person.Email] : []));

/** Who a sign-in without a typed email signs in (a reset link, a reissue): the persona picked, or the free member for a visitor. */
export function demoPersonaFor(email: string, current: DemoPersonaName): DemoPersonaName {
  return demoPersonaByEmail(email) ?? (DEMO_PERSONA_DATA[current].signedIn ? current : 'freeMember');
}

/** The code the demo's `locked@…` addresses accept on the code step. */
export const DEMO_SIGNIN_CODE = '123456';

/**
 * The sign-in's other steps, for trying them in demo mode: any address named `locked@…` is an
 * account strangers' guesses have tripped (the code step; DEMO_SIGNIN_CODE works), and
 * `unconfirmed@…` one whose sign-up is not confirmed yet. Null: signed in.
 */
export function demoSignInRefusal(username: string, code: string | undefined): ErrorCode | null {
  const name = username.trim().toLowerCase().split('@')[0];
  if (name === 'unconfirmed') return ErrorCode.EmailNotConfirmed;
  if (name !== 'locked') return null;
  if (code === undefined) return ErrorCode.SignInCodeRequired;
  return code.replace(/[\s-]/g, '') === DEMO_SIGNIN_CODE ? null : ErrorCode.InvalidSignInCode;
}

/** A persona's accounts as GET /profile/accounts would describe them (post-login routing's input). */
export function demoRoutingAccounts(persona: DemoPersona, now: Date): RoutingAccount[] {
  const { person, account } = persona;
  if (!person || !account) return [];
  const start = new Date(now.getTime() - 90 * 86_400_000).toISOString();
  const subscription = {
    Uid: `sub_${person.Uid}`, StartDate: start, EndDate: null, ExpirationDate: null, Quantity: account.quantity,
    NewRequiredQuantity: null, IsPlanUpgradeRequired: false, PlanUpgradeRequiredMessage: null,
  };
  return [{
    Uid: `acc_${person.Uid}`, Name: account.Name, ClientIdentifier: null, AccountStage: account.AccountStage, IsPrimary: account.IsPrimary,
    PrimaryContact: { FirstName: person.FirstName, LastName: person.LastName, Email: person.Email },
    CurrentSubscription: subscription, LatestSubscription: subscription,
    // The past-due persona's card failed and was not replaced since.
    PaymentInformation: account.AccountStage === 'PastDue' ? { LatestFailureDateTime: start, Updated: start } : { LatestFailureDateTime: null, Updated: start },
  }];
}
