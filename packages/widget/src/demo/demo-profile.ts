import { ErrorCode } from '@portico/core';
import type { DemoPersonaName } from '../shared/personas.ts';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { demoRoutingAccounts } from './demo-signin.ts';
import { demoSubscription } from './demo-subscription.ts';
import { demoPlanFacts } from './demo-plan.ts';
import { DemoRefusal } from './demo-transport.ts';

type Profile = ResponseBody<Operation<'get', '/api/v1/profile'>>;
type Account = ResponseBody<Operation<'get', '/api/v1/profile/account'>>;
/** The account as this file keeps it; the plan facts (stage, subscriptions) are demo-plan.ts's. */
type StoredAccount = Omit<Account, 'CurrentSubscription' | 'LatestSubscription'>;
type Accounts = ResponseBody<Operation<'get', '/api/v1/profile/accounts'>>;
type Address = NonNullable<Account['BillingAddress']>;

/**
 * Demo answers of the profile area, per persona and kept in memory, so the edit screens can be
 * tried (spec 2 section 1: "saves are skipped, but success notices and events still occur": the
 * demo keeps the change for this page only). Photos are kept as object URLs of the chosen file.
 */
const address = (Uid: string, AddressLine1: string, City: string, State: string, PostalCode: string, Country: string): Address =>
  ({ Uid, AddressLine1, AddressLine2: null, AddressLine3: null, City, State, PostalCode, Country });
const BRIGHT = address('adr_bright', '500 Market St', 'San Francisco', 'CA', '94105', 'US');

function initialProfile(name: DemoPersonaName): Profile | null {
  const p = DEMO_PERSONA_DATA[name].person;
  if (!p) return null;
  return {
    Uid: p.Uid, Email: p.Email, FirstName: p.FirstName, LastName: p.LastName, Title: null, PhoneMobile: null, PhoneWork: null, MailingAddress: null,
    OAuthGoogleProfileId: p.OAuthGoogleProfileId, OptInToEmailList: false, ProfileImageS3Url: null, PasswordMustChange: false, EmailConfirmed: true,
    FieldValues: name === 'teamOwner' ? { Birthday: '1990-04-12', Bio: 'Runs analytics at Bright Labs.' } : {},
  };
}

function initialAccount(name: DemoPersonaName): StoredAccount | null {
  const { person, account } = DEMO_PERSONA_DATA[name];
  if (!person || !account) return null;
  const team = name === 'teamOwner';
  return {
    Uid: `acc_${person.Uid}`, Name: account.Name, ClientIdentifier: null, DomainName: null, AccountStage: account.AccountStage, AccountType: team ? 2 : 1,
    TaxStatus: null, BillingAddress: team ? BRIGHT : null, MailingAddress: team ? { ...BRIGHT, Uid: 'adr_bright_mail' } : null,
    TaxId: team ? '94-1234567' : null, TaxIdType: team ? 'us_ein' : null, TaxIds: team ? [{ TaxIdType: 'us_ein', TaxId: '94-1234567' }] : [],
    FieldValues: team ? { Employees: '8' } : {}, AccountRegistrationMode: team ? 'Team' : 'Individual', IsPrimary: account.IsPrimary,
  };
}

const profiles = new Map<DemoPersonaName, Profile | null>();
const accounts = new Map<DemoPersonaName, StoredAccount | null>();
const profileOf = (name: DemoPersonaName) => {
  if (!profiles.has(name)) profiles.set(name, initialProfile(name));
  const p = profiles.get(name);
  if (!p) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  return p;
};
const accountOf = (name: DemoPersonaName) => {
  if (!accounts.has(name)) accounts.set(name, initialAccount(name));
  const a = accounts.get(name);
  if (!a) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  return a;
};

/** Starts the demo profiles over (tests; a page reload does the same). */
export function resetDemoProfiles(): void {
  profiles.clear();
  accounts.clear();
}

export const demoProfile = (name: DemoPersonaName): Profile => profileOf(name);

export function demoSaveProfile(name: DemoPersonaName, body: RequestBody<Operation<'put', '/api/v1/profile'>>): Profile {
  const current = profileOf(name);
  if (current.OAuthGoogleProfileId && body.Email !== undefined && body.Email !== current.Email) {
    throw new DemoRefusal(400, ErrorCode.InvalidValue, [{ Field: 'Person.Email', ErrorCode: ErrorCode.InvalidValue, Message: 'This field can not be changed.' }]);
  }
  // As the server: the email has its own step (POST /profile/email); the same one sent back is fine.
  if (typeof body.Email === 'string' && body.Email.trim() !== current.Email) {
    throw new DemoRefusal(400, ErrorCode.InvalidValue, [{ Field: 'Person.Email', ErrorCode: ErrorCode.InvalidValue, Message: "Change your email with 'Change email': it asks for your password and sends a link to the new address." }]);
  }
  const { FieldValues, MailingAddress, ...rest } = body;
  const next: Profile = {
    ...current, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    FieldValues: { ...current.FieldValues, ...FieldValues },
    ...(MailingAddress !== undefined ? { MailingAddress: MailingAddress ? { Uid: 'adr_demo_mail', AddressLine1: null, AddressLine2: null, AddressLine3: null, City: null, State: null, PostalCode: null, Country: null, ...MailingAddress } : null } : {}),
  };
  profiles.set(name, next);
  return next;
}

/** The demo cannot look into the file's bytes without reading it: it trusts the name the file input already checked. */
export function demoSetPhoto(name: DemoPersonaName, file: Blob | null): Profile {
  const current = profileOf(name);
  const next = { ...current, ProfileImageS3Url: file ? URL.createObjectURL(file) : null };
  profiles.set(name, next);
  return next;
}

export const demoAccount = (name: DemoPersonaName, now: Date = new Date()): Account => ({ ...accountOf(name), ...demoPlanFacts(name, now) });

export function demoSaveAccount(name: DemoPersonaName, body: RequestBody<Operation<'put', '/api/v1/profile/account'>>, now: Date = new Date()): Account {
  const current = accountOf(name);
  if (!current.IsPrimary) throw new DemoRefusal(403, ErrorCode.Forbidden);
  const addr = (v: unknown, uid: string): Address | null => (v ? { ...address(uid, '', '', '', '', ''), AddressLine1: null, ...(v as object) } as Address : null);
  const taxIds = body.TaxIds ?? current.TaxIds;
  const next: StoredAccount = {
    ...current,
    ...(body.Name ? { Name: body.Name } : {}),
    ...(body.BillingAddress !== undefined ? { BillingAddress: addr(body.BillingAddress, 'adr_demo_bill') } : {}),
    ...(body.MailingAddress !== undefined ? { MailingAddress: addr(body.MailingAddress, 'adr_demo_mail') } : {}),
    TaxIds: taxIds, TaxId: taxIds[0]?.TaxId ?? null, TaxIdType: taxIds[0]?.TaxIdType ?? null,
    FieldValues: { ...current.FieldValues, ...body.FieldValues },
  };
  accounts.set(name, next);
  return { ...next, ...demoPlanFacts(name, now) };
}

/** GET /profile/accounts for a persona: its one account, as post-login routing reads it (with its subscription). */
export function demoAccounts(name: DemoPersonaName, now: Date): Accounts {
  const { person, account } = DEMO_PERSONA_DATA[name];
  const routing = demoRoutingAccounts(DEMO_PERSONA_DATA[name], now)[0];
  if (!person || !account || !routing) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  const a = accountOf(name);
  const subscription = demoSubscription({
    uid: `sub_${person.Uid}`, accountUid: a.Uid, planUid: account.planUid, term: account.term, quantity: account.quantity,
    start: new Date(now.getTime() - 90 * 86_400_000),
  });
  return {
    metadata: { limit: -1, offset: 0, total: 1 },
    items: [{ ...routing, Uid: a.Uid, Name: a.Name, IsCurrent: true, CurrentSubscription: subscription, LatestSubscription: subscription }],
  };
}

/** The email change's confirmed link (demo-email-change.ts): the persona's email for this page. */
export function demoSetEmail(name: DemoPersonaName, email: string): Profile {
  const next = { ...profileOf(name), Email: email };
  profiles.set(name, next);
  return next;
}
