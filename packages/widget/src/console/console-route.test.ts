import { describe, expect, it } from 'vitest';
import { parseConsoleRoute } from './console-route.ts';

describe('parseConsoleRoute', () => {
  it('reads the signed-out screens from the fragment; anything else is the sign-in', () => {
    expect(parseConsoleRoute('')).toEqual({ screen: 'login' });
    expect(parseConsoleRoute('#/somewhere')).toEqual({ screen: 'login' });
    expect(parseConsoleRoute('#/forgot-password')).toEqual({ screen: 'forgot-password' });
    expect(parseConsoleRoute('#/set-password?token=abc_DEF-123')).toEqual({ screen: 'set-password', token: 'abc_DEF-123' });
    expect(parseConsoleRoute('#/set-password')).toEqual({ screen: 'set-password', token: null });
  });
});
