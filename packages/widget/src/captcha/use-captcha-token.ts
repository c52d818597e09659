import { useCallback, useRef, useState } from 'react';

/**
 * The captcha's token for a form that lets its Submit be pressed before the captcha is done (the help
 * form): `waitForToken` answers the token at once when there is one, else the next one the captcha
 * gives, or null after `timeoutMs`. ALTCHA solves by itself in a few seconds, so a visitor who types
 * fast and presses Submit is not told to "complete the captcha" they cannot act on (seen on the demo
 * site under load, issue 18 walk); a captcha that needs a click (reCAPTCHA, Turnstile) is not waited for.
 */
export function useCaptchaToken() {
  const [token, setToken] = useState<string | null>(null);
  const latest = useRef<string | null>(null);
  const waiters = useRef(new Set<(t: string) => void>());
  const onToken = useCallback((next: string | null) => {
    latest.current = next;
    setToken(next);
    if (next) for (const w of [...waiters.current]) w(next);
  }, []);
  const waitForToken = useCallback((timeoutMs: number): Promise<string | null> => {
    if (latest.current || timeoutMs <= 0) return Promise.resolve(latest.current);
    return new Promise((resolve) => {
      const done = (t: string | null) => { waiters.current.delete(done); clearTimeout(timer); resolve(t); };
      const timer = setTimeout(() => done(null), timeoutMs);
      waiters.current.add(done);
    });
  }, []);
  return { token, onToken, waitForToken };
}
