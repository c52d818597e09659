/** Demo personas the demo page can switch between (Portico.setDemoPersona). */
export const DEMO_PERSONAS = ['visitor', 'freeMember', 'teamOwner', 'pastDue'] as const;
export type DemoPersonaName = (typeof DEMO_PERSONAS)[number];

export function isDemoPersona(name: string): name is DemoPersonaName {
  return (DEMO_PERSONAS as readonly string[]).includes(name);
}

/** The demo people's emails (demo/personas.ts uses these): a demo login signs in as the one typed; the demo page lists them. */
export const DEMO_LOGIN_EMAILS: Readonly<Record<DemoPersonaName, string | null>> = {
  visitor: null,
  freeMember: 'ana.lima@example.com',
  teamOwner: 'samira@brightlabs.io',
  pastDue: 'jonas.berg@example.org',
};
