import { featureModule } from '../feature-module.ts';
import { emailListsRepository } from './email-lists.repository.ts';

/** The email-lists feature (src/feature-module.ts). */
export const emailListsModule = featureModule({
  name: 'email-lists',
  repositories: { emailLists: emailListsRepository },
});
