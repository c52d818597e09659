import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useApi } from '../api/use-api-query.ts';
import { altchaToken, solveAltcha } from './solve-altcha.ts';
import type { CaptchaProps } from './captcha-props.ts';

type Status = 'solving' | 'verified' | 'failed';

/** A new challenge is solved this long before the current one expires, so a slow visitor still submits a valid token. */
const RENEW_BEFORE_EXPIRY_MS = 30_000;

/**
 * Self-hosted ALTCHA: fetches a challenge from our server, solves it (a Web Worker where the page
 * allows one) and hands the token up. Nothing to click: the visitor sees the check run and finish.
 */
export function AltchaCaptcha({ onToken, resetKey }: CaptchaProps) {
  const { t } = useTranslation();
  const api = useApi();
  const onTokenRef = useRef(onToken);
  useEffect(() => { onTokenRef.current = onToken; });
  // Each run has its own number; a status belongs to the run that set it (no reset in the effect body).
  const [run, setRun] = useState(0);
  const key = `${run}|${String(resetKey ?? '')}`;
  const [result, setResult] = useState<{ key: string; status: Status }>({ key: '', status: 'solving' });
  const status: Status = result.key === key ? result.status : 'solving';

  useEffect(() => {
    const controller = new AbortController();
    let renew: ReturnType<typeof setTimeout> | undefined;
    onTokenRef.current(null);
    void (async () => {
      const challenge = await api.request('get', '/api/v1/captcha/challenge', { signal: controller.signal });
      const solution = await solveAltcha(challenge, controller.signal);
      onTokenRef.current(altchaToken(challenge, solution));
      setResult({ key, status: 'verified' });
      const expiresAt = challenge.parameters.expiresAt;
      if (expiresAt) renew = setTimeout(() => setRun((n) => n + 1), Math.max(0, expiresAt * 1000 - Date.now() - RENEW_BEFORE_EXPIRY_MS));
    })().catch(() => {
      if (!controller.signal.aborted) setResult({ key, status: 'failed' });
    });
    return () => {
      controller.abort();
      clearTimeout(renew);
    };
  }, [api, key]);

  return (
    <div className="p-captcha" role="group" aria-label={t('captcha.label')} data-status={status}>
      <span className="p-captcha-mark" aria-hidden="true" />
      <span className="p-captcha-text" role="status">{t(`captcha.${status}`)}</span>
      {status === 'failed' && (
        <button type="button" className="p-btn p-btn-secondary p-captcha-retry" onClick={() => setRun((n) => n + 1)}>
          {t('captcha.retry')}
        </button>
      )}
    </div>
  );
}
