import type { RoutingAccount } from '@portico/core/signin/post-login-routing';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PERSONA_DATA, type DemoPersona } from './personas.ts';

/** Demo sign-in: the persona whose email was typed, else the one picked on the demo page (a signed-out visitor becomes the free member). */
export function demoPersonaFor(email: string, current: DemoPersonaName): DemoPersonaName {
  const typed = email.trim().toLowerCase();
  const match = Object.values(DEMO_PERSONA_DATA).find((p) => p.person?.Email.toLowerCase() === typed);
  if (match) return match.name;
  return DEMO_PERSONA_DATA[current].signedIn ? current : 'freeMember';
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
