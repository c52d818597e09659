import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('PORTICO_TRUST_PROXY', () => {
  it('defaults to trusting no proxy', () => {
    expect(readEnv({}).PORTICO_TRUST_PROXY).toBe(false);
    expect(readEnv({ PORTICO_TRUST_PROXY: 'false' }).PORTICO_TRUST_PROXY).toBe(false);
    expect(readEnv({ PORTICO_TRUST_PROXY: '0' }).PORTICO_TRUST_PROXY).toBe(false);
  });
  it('accepts true, a hop count, or a comma list of addresses, CIDRs and range names', () => {
    expect(readEnv({ PORTICO_TRUST_PROXY: 'true' }).PORTICO_TRUST_PROXY).toBe(true);
    expect(readEnv({ PORTICO_TRUST_PROXY: '2' }).PORTICO_TRUST_PROXY).toBe(2);
    expect(readEnv({ PORTICO_TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,fd00::/8 ,loopback' }).PORTICO_TRUST_PROXY)
      .toEqual(['10.0.0.0/8', '192.168.1.4', 'fd00::/8', 'loopback']);
  });
  it('stops start-up naming the variable and the bad entry', () => {
    expect(() => readEnv({ PORTICO_TRUST_PROXY: '10.0.0.0/8,proxy.example.com' })).toThrow(/PORTICO_TRUST_PROXY: .*proxy\.example\.com/);
    expect(() => readEnv({ PORTICO_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/PORTICO_TRUST_PROXY/);
    expect(() => readEnv({ PORTICO_TRUST_PROXY: 'yes' })).toThrow(/PORTICO_TRUST_PROXY/);
  });
});
