import { describe, expect, it } from 'vitest';
import { readClaims } from '../auth/claims.ts';
import { createTokenStore } from '../auth/token-store.ts';
import { createEmitter } from '../shared/events.ts';
import { createStore } from '../shared/store.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { bindDemoSession, demoTokenFor, personaOfToken } from './demo-session.ts';

describe('demo mode signs the picked persona in with a token of its own', () => {
  it('the token carries the claims a server would put in it', () => {
    expect(readClaims(demoTokenFor('teamOwner'))).toMatchObject({
      personUid: 'per_sam', email: 'samira@brightlabs.io', accountUid: 'acc_per_sam', isPrimary: true, planUid: 'plan-team', sessionUid: 'ses_demo_teamOwner',
    });
    expect(demoTokenFor('visitor')).toBeNull();
    expect(personaOfToken(demoTokenFor('pastDue'))).toBe('pastDue');
    expect(personaOfToken(null)).toBe('visitor');
    expect(personaOfToken('not-a-demo-token')).toBeNull();
  });

  it('picking a persona signs it in; a stored token (a demo login, a sign-out) picks the persona back', () => {
    const token = createTokenStore(createEmitter(), null);
    const persona = createStore<DemoPersonaName>('teamOwner');
    const unbind = bindDemoSession({ token, persona });
    expect(personaOfToken(token.get())).toBe('teamOwner');
    persona.set('visitor');
    expect(token.get()).toBeNull();
    persona.set('freeMember');
    expect(readClaims(token.get())?.email).toBe('ana.lima@example.com');
    token.set(demoTokenFor('pastDue'));
    expect(persona.get()).toBe('pastDue');
    token.set(null);
    expect(persona.get()).toBe('visitor');
    unbind();
    persona.set('teamOwner');
    expect(token.get()).toBeNull();
  });

  it("issue 15: a demo sign-in's token that came back through the post-login URL says who is signed in, not the default persona", () => {
    const token = createTokenStore(createEmitter(), null);
    token.set(demoTokenFor('freeMember'));
    const persona = createStore<DemoPersonaName>('teamOwner');
    bindDemoSession({ token, persona });
    expect(persona.get()).toBe('freeMember');
    expect(readClaims(token.get())?.email).toBe('ana.lima@example.com');
  });
});
