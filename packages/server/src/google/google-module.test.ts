import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { googleSignIn } from './google.module.ts';

describe('Google sign-in from the config', () => {
  it('without a client id, every Google token gets Errors.InvalidCredentialsGoogle', async () => {
    const google = googleSignIn(companyConfigSchema.parse({ ...loadCompanyConfig(), google: {} }));
    expect(google.enabled).toBe(false);
    await expect(google.verifyIdToken('anything')).rejects.toMatchObject({ code: ErrorCode.InvalidCredentialsGoogle });
  });
});
