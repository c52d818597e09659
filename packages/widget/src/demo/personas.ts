import type { BillingRenewalTerm } from '@portico/core';
import type { DemoPersonaName } from '../shared/personas.ts';

/**
 * The people of demo mode, customers of the demo company (Northwind Analytics, config/demo-company.yaml;
 * plan uids are its plans'): the demo page switches with Portico.setDemoPersona, and a demo login
 * signs in as the one whose email was typed. Each sees only their own account: the free member and
 * the past-due member are individual accounts they own; only the team owner has a team (demo-team.ts).
 */
export interface DemoPerson {
  Uid: string;
  FirstName: string;
  LastName: string;
  Email: string;
  OAuthGoogleProfileId: string | null;
}

export interface DemoPersona {
  name: DemoPersonaName;
  label: string;
  signedIn: boolean;
  person: DemoPerson | null;
  account: {
    Name: string;
    AccountStage: 'Subscribing' | 'PastDue' | 'Cancelling' | 'CancellingTrial';
    IsPrimary: boolean;
    planUid: string;
    term: BillingRenewalTerm;
    quantity: number;
  } | null;
}

export const DEMO_PERSONA_DATA: Record<DemoPersonaName, DemoPersona> = {
  visitor: { name: 'visitor', label: 'Visitor (signed out)', signedIn: false, person: null, account: null },
  freeMember: {
    name: 'freeMember',
    label: 'Free member',
    signedIn: true,
    person: { Uid: 'per_ana', FirstName: 'Ana', LastName: 'Lima', Email: 'ana.lima@example.com', OAuthGoogleProfileId: 'g-1029' },
    account: { Name: 'Ana Lima', AccountStage: 'Subscribing', IsPrimary: true, planUid: 'plan-free', term: 'Monthly', quantity: 1 },
  },
  teamOwner: {
    name: 'teamOwner',
    label: 'Paying team owner',
    signedIn: true,
    person: { Uid: 'per_sam', FirstName: 'Samira', LastName: 'Okafor', Email: 'samira@brightlabs.io', OAuthGoogleProfileId: null },
    account: { Name: 'Bright Labs', AccountStage: 'Subscribing', IsPrimary: true, planUid: 'plan-team', term: 'Yearly', quantity: 8 },
  },
  pastDue: {
    name: 'pastDue',
    label: 'Past-due member',
    signedIn: true,
    person: { Uid: 'per_jon', FirstName: 'Jonas', LastName: 'Berg', Email: 'jonas.berg@example.org', OAuthGoogleProfileId: null },
    account: { Name: 'Jonas Berg', AccountStage: 'PastDue', IsPrimary: true, planUid: 'plan-pro', term: 'Monthly', quantity: 1 },
  },
};
