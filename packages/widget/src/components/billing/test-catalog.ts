/** Test helper: the demo settings' catalogue in domain shape (minor units). */
import type { InitSettings, Plan } from '@portico/core';
import { DEMO_SETTINGS } from '../../demo/demo-settings.ts';
import { catalogFromSettings } from './catalog.ts';

export const demoCatalog = () => catalogFromSettings(DEMO_SETTINGS as InitSettings);
export const demoPlan = (uid: string): Plan => demoCatalog().plans.find((p) => p.Uid === uid)!;
