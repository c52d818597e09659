import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export interface LocalGoogle {
  /** Where the server under test reads the keys (company config `google.jwksUrl`). */
  jwksUrl: string;
  /** Signs ID tokens that verify against jwksUrl (kid `google-1`, RS256). */
  key: CryptoKey;
  close(): Promise<void>;
}

/** Google's signing keys stand in locally: an RS256 key pair and a JWKS endpoint publishing its public half. */
export async function startLocalGoogle(): Promise<LocalGoogle> {
  const pair = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`,
    key: pair.privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
