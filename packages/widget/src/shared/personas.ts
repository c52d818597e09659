/** Demo personas the demo page can switch between (Portico.setDemoPersona). */
export const DEMO_PERSONAS = ['visitor', 'freeMember', 'teamOwner', 'pastDue'] as const;
export type DemoPersonaName = (typeof DEMO_PERSONAS)[number];

export function isDemoPersona(name: string): name is DemoPersonaName {
  return (DEMO_PERSONAS as readonly string[]).includes(name);
}

