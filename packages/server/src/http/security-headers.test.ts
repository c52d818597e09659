import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

describe('security headers computed once from helmet', () => {
  it('includes the strict CSP and helmet defaults', () => {
    const h = helmetHeaders();
    expect(h['content-security-policy']).toBe("default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';font-src 'self' data:;object-src 'none';base-uri 'self';frame-ancestors 'self';form-action 'self'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(h['cross-origin-resource-policy']).toBe('cross-origin');
    expect(h['x-powered-by']).toBeUndefined();
  });
});
