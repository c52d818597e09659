import { describe, expect, it } from 'vitest';
import { createTokenStore } from '../auth/token-store.ts';
import { createEmitter } from '../shared/events.ts';
import { createApiClient } from './http.ts';
import { endSessionOn401 } from './runtime-client.ts';
import type { ApiCall, Transport } from './transport.ts';

const answering = (status: number, before?: () => void): Transport => async (_call: ApiCall) => {
  before?.();
  return { status, body: status === 401 ? { Status: 401, ErrorCode: 'Errors.Unauthorized', Message: 'Authentication is required.', FieldErrors: [] } : {}, header: () => null };
};

function client(transport: Transport) {
  const token = createTokenStore(createEmitter(), null);
  return { token, api: createApiClient({ transport: endSessionOn401(transport, token), token: () => token.get() }) };
}

describe('a 401 ends the session in the widget (the signed-in gate then shows login)', () => {
  it('the token that got the 401 is forgotten; the call still rejects as the 401 it was', async () => {
    const { token, api } = client(answering(401));
    token.set('expired');
    await expect(api.request('get', '/api/v1/profile')).rejects.toMatchObject({ status: 401 });
    expect(token.get()).toBeNull();
  });

  it('a token replaced while the call was under way is kept; a signed-out call changes nothing; other refusals keep the token', async () => {
    const { token, api } = client(answering(401, () => token.set('fresh')));
    token.set('old');
    await expect(api.request('get', '/api/v1/profile')).rejects.toMatchObject({ status: 401 });
    expect(token.get()).toBe('fresh');
    const forbidden = client(answering(403));
    forbidden.token.set('t');
    await expect(forbidden.api.request('get', '/api/v1/profile')).rejects.toMatchObject({ status: 403 });
    expect(forbidden.token.get()).toBe('t');
  });
});
