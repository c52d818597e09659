import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { companyConfigSchema, type CompanyConfig } from './company-config.schema.ts';

import { DEMO_CONFIG_PATH } from '../paths.ts';
export { DEMO_CONFIG_PATH };

export class ConfigError extends Error {}

/** Validates an already-parsed config object; errors name each bad key path. */
export function parseCompanyConfig(raw: unknown, source = 'config'): CompanyConfig {
  const result = companyConfigSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid company config ${source}:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Reads the company config file once at start-up (YAML or JSON by extension). */
export function loadCompanyConfig(file: string = DEMO_CONFIG_PATH): CompanyConfig {
  const full = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (err) {
    throw new ConfigError(`Cannot read company config ${full}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = full.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
  } catch (err) {
    throw new ConfigError(`Company config ${full} is not valid ${full.endsWith('.json') ? 'JSON' : 'YAML'}: ${(err as Error).message}`);
  }
  return parseCompanyConfig(raw, full);
}
