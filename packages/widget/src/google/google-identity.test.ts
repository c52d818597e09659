import { describe, expect, it } from 'vitest';
import { registerGoogleButton, type GoogleIdApi } from './google-identity.ts';

describe('one Google callback per page, several buttons', () => {
  // Like Google's script: initialize keeps only the last callback.
  let callback: ((r: { credential?: string }) => void) | null = null;
  let initializations = 0;
  const gsi: GoogleIdApi = { initialize: (o) => { callback = o.callback; initializations++; } };
  const got: string[] = [];
  const signUp = { current: (t: string) => { got.push(`signup:${t}`); } };
  const logIn = { current: (t: string) => { got.push(`login:${t}`); } };

  it('the credential goes to the button that was clicked, not to the widget that initialized last', () => {
    const a = registerGoogleButton(gsi, 'client-1', 'signup', signUp);
    const b = registerGoogleButton(gsi, 'client-1', 'signin', logIn);
    expect(initializations).toBe(1);
    a.claim();
    callback!({ credential: 'one' });
    b.claim();
    callback!({ credential: 'two' });
    // No click seen (One Tap): the button mounted last.
    callback!({ credential: 'three' });
    expect(got).toEqual(['signup:one', 'login:two', 'login:three']);
    b.remove();
    callback!({ credential: 'four' });
    a.remove();
    callback!({ credential: 'five' });
    expect(got.slice(3)).toEqual(['signup:four']);
  });
});
