import { featureModule } from '../feature-module.ts';
import { settingsRepository } from './settings.repository.ts';

/** The settings feature (src/feature-module.ts). */
export const settingsModule = featureModule({
  name: 'settings',
  repositories: { settings: settingsRepository },
});
