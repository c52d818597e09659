import { featureModule } from '../feature-module.ts';
import { fieldsRepository } from './fields.repository.ts';

/** The fields feature (src/feature-module.ts). */
export const fieldsModule = featureModule({
  name: 'fields',
  repositories: { fields: fieldsRepository },
});
