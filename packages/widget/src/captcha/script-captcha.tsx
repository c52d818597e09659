import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLightDomSlot } from '../app/use-light-dom-slot.tsx';
import { loadScript } from '../third-party/load-script.ts';
import type { CaptchaProps } from './captcha-props.ts';

interface RenderParams {
  sitekey: string;
  callback(token: string): void;
  'expired-callback'(): void;
  'error-callback'(): void;
}

/** The part of grecaptcha and turnstile both offer with explicit rendering. */
interface ScriptApi {
  render(el: HTMLElement, params: RenderParams): string | number;
  reset(id: string | number): void;
}

const PROVIDERS = {
  recaptcha: {
    src: 'https://www.google.com/recaptcha/api.js?render=explicit',
    api: () => new Promise<ScriptApi>((resolve) => {
      const g = (window as unknown as { grecaptcha: ScriptApi & { ready(cb: () => void): void } }).grecaptcha;
      g.ready(() => resolve(g));
    }),
  },
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    api: async () => (window as unknown as { turnstile: ScriptApi }).turnstile,
  },
} as const;

/**
 * reCAPTCHA or Turnstile: their script is loaded only now, and their iframe is rendered into a
 * light-DOM slot (reCAPTCHA does not work inside a shadow root), projected here.
 */
export function ScriptCaptcha({ provider, siteKey, onToken, resetKey }: CaptchaProps & { provider: keyof typeof PROVIDERS; siteKey: string }) {
  const { t } = useTranslation();
  const { slot, container } = useLightDomSlot('captcha');
  const onTokenRef = useRef(onToken);
  useEffect(() => { onTokenRef.current = onToken; });
  const [failed, setFailed] = useState(false);
  const widget = useRef<{ api: ScriptApi; id: string | number } | null>(null);

  useEffect(() => {
    if (!container) return;
    let live = true;
    const { src, api } = PROVIDERS[provider];
    loadScript(src).then(api).then((scriptApi) => {
      if (!live) return;
      const id = scriptApi.render(container, {
        sitekey: siteKey,
        callback: (token) => onTokenRef.current(token),
        'expired-callback': () => onTokenRef.current(null),
        'error-callback': () => onTokenRef.current(null),
      });
      widget.current = { api: scriptApi, id };
    }).catch(() => { if (live) setFailed(true); });
    return () => {
      live = false;
      widget.current = null;
      container.replaceChildren();
    };
  }, [container, provider, siteKey]);

  // A token counts once: after a refused submit the visitor solves a fresh one.
  useEffect(() => {
    if (resetKey === undefined || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onTokenRef.current(null);
  }, [resetKey]);

  return (
    <div className="p-captcha p-captcha-script" role="group" aria-label={t('captcha.label')}>
      {failed ? <span className="p-captcha-text" role="alert">{t('captcha.loadFailed')}</span> : slot}
    </div>
  );
}
