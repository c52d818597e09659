import { featureModule } from '../feature-module.ts';
import { signupWebhookHandler } from './signup-webhook.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';

/** Webhooks (src/feature-module.ts): the signed sign-up webhook, when the config has one (its messages wait otherwise). */
export const webhooksModule = featureModule({
  name: 'webhooks',
  outboxTopics: ({ signupWebhook, db }) => (signupWebhook ? { 'signup.webhook': signupWebhookHandler(signupWebhook, accountsRepository(db)) } : {}),
});
