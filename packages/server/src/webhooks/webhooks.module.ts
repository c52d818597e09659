import { featureModule } from '../feature-module.ts';
import { signupWebhookHandler } from './signup-webhook.ts';
import { activityWebhookHandler } from './activity-webhook.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';

/**
 * Webhooks (src/feature-module.ts): the signed sign-up webhook, when the config has one (its messages wait
 * otherwise), and the activity webhook (issue 17; without one no activity message is written).
 */
export const webhooksModule = featureModule({
  name: 'webhooks',
  outboxTopics: ({ signupWebhook, activityWebhook, db }) => ({
    ...(signupWebhook ? { 'signup.webhook': signupWebhookHandler(signupWebhook, accountsRepository(db)) } : {}),
    ...(activityWebhook ? { 'webhook.activity': activityWebhookHandler(activityWebhook) } : {}),
  }),
});
