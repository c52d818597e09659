/** Test helper: the sample catalogue (sample-catalog.ts) in domain shape (minor units). */
import type { InitSettings, Plan } from '@portico/core';
import { SAMPLE_SETTINGS as DEMO_SETTINGS } from './sample-catalog.ts';
import { catalogFromSettings } from './catalog.ts';

export const demoCatalog = () => catalogFromSettings(DEMO_SETTINGS as InitSettings);
export const demoPlan = (uid: string): Plan => demoCatalog().plans.find((p) => p.Uid === uid)!;
