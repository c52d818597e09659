import { describe, expect, it } from 'vitest';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { signupWebhookFromConfig } from './signup-webhook.ts';

const withConfig = (extra: Record<string, unknown>) => companyConfigSchema.parse({ ...loadCompanyConfig(), ...extra });

describe('the sign-up webhook from the config', () => {
  it('refuses a webhook whose secret variable is not set, naming the variable; none configured is none', () => {
    const config = withConfig({ webhooks: { signup: { url: 'https://crm.example/hooks/signup' } } });
    expect(() => signupWebhookFromConfig(config, {})).toThrow(/PORTICO_SIGNUP_WEBHOOK_SECRET/);
    expect(signupWebhookFromConfig(config, { PORTICO_SIGNUP_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }))
      .toEqual({ url: 'https://crm.example/hooks/signup', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    expect(signupWebhookFromConfig(withConfig({}), {})).toBeUndefined();
  });
});
