/** The demo-mode chunk: loaded only when data-demo is on. */
export { DEMO_SETTINGS, DEMO_PLANS, DEMO_COUPONS } from './demo-settings.ts';
export { DEMO_PERSONA_DATA } from './personas.ts';
export type { DemoPersona, DemoPerson } from './personas.ts';
