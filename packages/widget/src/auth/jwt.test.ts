import { describe, expect, it } from 'vitest';
import { base64UrlDecode, decodeJwtPayload } from './jwt.ts';

function b64url(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('decodeJwtPayload', () => {
  it('reads the claims of a token', () => {
    const token = `${b64url('{"alg":"HS256"}')}.${b64url('{"sub":"p_1","email":"ana@example.com","exp":1900000000}')}.sig`;
    expect(decodeJwtPayload(token)).toEqual({ sub: 'p_1', email: 'ana@example.com', exp: 1900000000 });
  });

  it('decodes base64url characters and UTF-8 names', () => {
    const payload = '{"name":"Zoë Ångström ✓","q":"??>>"}';
    const token = `x.${b64url(payload)}.y`;
    expect(decodeJwtPayload(token)).toEqual({ name: 'Zoë Ångström ✓', q: '??>>' });
    expect(b64url(payload)).toMatch(/[-_]/);
  });

  it('returns null for malformed tokens', () => {
    expect(decodeJwtPayload(null)).toBeNull();
    expect(decodeJwtPayload('')).toBeNull();
    expect(decodeJwtPayload('abc')).toBeNull();
    expect(decodeJwtPayload('a.b')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(decodeJwtPayload(`a.${b64url('[1,2]')}.c`)).toBeNull();
    expect(decodeJwtPayload(`a.${b64url('not json')}.c`)).toBeNull();
  });

  it('accepts padded input', () => {
    expect(base64UrlDecode('YQ==')).toBe('a');
    expect(base64UrlDecode('YQ')).toBe('a');
  });
});
