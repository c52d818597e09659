import { featureModule } from '../feature-module.ts';
import { accountsRepository } from './accounts.repository.ts';
import { peopleRepository } from './people.repository.ts';

/** The accounts feature (src/feature-module.ts). */
export const accountsModule = featureModule({
  name: 'accounts',
  repositories: { accounts: accountsRepository, people: peopleRepository },
});
