import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import type { ServerClock } from '../clock/server-clock.ts';
import { TOKEN_ALG, type KeyRing } from '../auth/key-ring.ts';

/** How long a download link works: long enough to click, short enough that a leaked link soon stops. */
export const INVOICE_DOWNLOAD_MINUTES = 5;
/** Not the access tokens' audience ('portico'): a session's access token is refused here, and this token is refused everywhere else. */
export const INVOICE_DOWNLOAD_AUDIENCE = 'portico:invoice-pdf';

export interface InvoiceDownloadTokens {
  /** A token for this one invoice of this one account. */
  issue(invoiceUid: string, accountUid: string): Promise<{ token: string; expiresIn: number }>;
  /** The invoice and account a valid, unexpired token names; null for anything else (an access token included). */
  verify(token: string): Promise<{ invoiceUid: string; accountUid: string } | null>;
}

/**
 * Short-lived download tokens for one invoice PDF (the spec's `access_token` query), signed with the
 * key ring's current key like access tokens but under their own audience, so neither kind passes for
 * the other. The PDF link can then be a plain `<a href>` (a download the browser does itself) without
 * putting the session's token in a URL, where history, logs and referrers would keep it.
 */
export function invoiceDownloadTokens(o: { ring: KeyRing; clock: ServerClock; issuer: string }): InvoiceDownloadTokens {
  const lifetime = INVOICE_DOWNLOAD_MINUTES * 60;
  return {
    async issue(invoiceUid, accountUid) {
      const { kid, key } = await o.ring.signingKey();
      const now = Math.floor(o.clock.now().getTime() / 1000);
      const token = await new SignJWT({ inv: invoiceUid, acc: accountUid })
        .setProtectedHeader({ alg: TOKEN_ALG, kid, typ: 'JWT' })
        .setIssuer(o.issuer).setAudience(INVOICE_DOWNLOAD_AUDIENCE).setIssuedAt(now).setExpirationTime(now + lifetime)
        .sign(key);
      return { token, expiresIn: lifetime };
    },
    async verify(token) {
      try {
        const { kid } = decodeProtectedHeader(token);
        if (typeof kid !== 'string') return null;
        const key = await o.ring.verificationKey(kid);
        if (!key) return null;
        const { payload } = await jwtVerify<{ inv: unknown; acc: unknown }>(token, key, {
          algorithms: [TOKEN_ALG], issuer: o.issuer, audience: INVOICE_DOWNLOAD_AUDIENCE, currentDate: o.clock.now(),
        });
        if (typeof payload.inv !== 'string' || typeof payload.acc !== 'string') return null;
        return { invoiceUid: payload.inv, accountUid: payload.acc };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof SyntaxError) return null;
        throw err;
      }
    },
  };
}
