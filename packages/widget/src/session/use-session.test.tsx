import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WidgetContext, type WidgetContextValue } from '../app/context.ts';
import { createTokenStore } from '../auth/token-store.ts';
import { initialNav } from '../navigation/navigator.ts';
import { createEmitter } from '../shared/events.ts';
import { SIGNED_OUT, currentSession, sessionFrom, useSession } from './use-session.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: unknown) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
const ANA = jwt({ sub: 'per_ana', email: 'ana@example.com', account_uid: 'acc_1', is_primary: true, sid: 'ses_1', plan_uid: 'plan_pro' });

function Who() {
  const { signedIn, claims } = useSession();
  return <p>{signedIn ? `${claims?.email} ${claims?.accountUid} ${claims?.isPrimary ? 'owner' : 'member'}` : 'signed out'}</p>;
}

function render(token: string | null) {
  const store = createTokenStore(createEmitter(), null);
  store.set(token);
  const ctx = { runtime: { token: store }, nav: initialNav('profile') } as unknown as WidgetContextValue;
  return renderToStaticMarkup(<WidgetContext.Provider value={ctx}><Who /></WidgetContext.Provider>);
}

describe('useSession', () => {
  it('a screen reads who is signed in, with typed claims, from the token store', () => {
    expect(render(ANA)).toBe('<p>ana@example.com acc_1 owner</p>');
    expect(render(null)).toBe('<p>signed out</p>');
  });

  it('code outside React reads the same session from the same token', () => {
    const store = createTokenStore(createEmitter(), null);
    expect(currentSession(store)).toBe(SIGNED_OUT);
    store.set(ANA);
    expect(currentSession(store)).toEqual({ signedIn: true, token: ANA, claims: expect.objectContaining({ personUid: 'per_ana', sessionUid: 'ses_1', planUid: 'plan_pro' }) });
  });

  it('a token the widget cannot read still counts as signed in: the server decides (a 401 signs the page out)', () => {
    expect(sessionFrom('opaque')).toEqual({ signedIn: true, token: 'opaque', claims: null });
  });
});
