import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InitSettings } from '@portico/core';
import { WidgetContext, type WidgetContextValue } from '../app/context.ts';
import { FALLBACK_SETTINGS } from '../app/fallback-settings.ts';
import { useCaptcha, type FormCaptcha } from './use-captcha.tsx';

const ALTCHA = { CaptchaEnabled: true, CaptchaProvider: 'altcha' } as const;
const RECAPTCHA = { CaptchaEnabled: true, CaptchaProvider: 'recaptcha' } as const;

/** The hook's first render (a form as it shows, before any interaction), under the given settings. */
type SettingsPart = Omit<Partial<InitSettings>, 'PaymentSettings'> & { PaymentSettings?: Partial<InitSettings['PaymentSettings']> };

function firstRender(settings: SettingsPart, enabled = true): FormCaptcha {
  let seen: FormCaptcha | null = null;
  function Form() {
    seen = useCaptcha(enabled);
    return null;
  }
  const all = { ...FALLBACK_SETTINGS, ...settings, PaymentSettings: { ...FALLBACK_SETTINGS.PaymentSettings, ...settings.PaymentSettings } } as InitSettings;
  renderToStaticMarkup(<WidgetContext.Provider value={{ settings: all } as WidgetContextValue}><Form /></WidgetContext.Provider>);
  return seen!;
}

describe('useCaptcha: the one way a form runs its captcha', () => {
  it('ALTCHA shows nothing and downloads nothing until the visitor interacts with the form; it never holds the button back', () => {
    const captcha = firstRender(ALTCHA);
    expect(captcha).toMatchObject({ required: true, token: null, missing: false, element: null });
    expect(Object.keys(captcha.startOn).sort()).toEqual(['onFocus', 'onInput', 'onPointerDown', 'onSubmitCapture']);
  });

  it('a captcha the visitor completes (reCAPTCHA, Turnstile) shows with the form and holds the button back until it has a token', async () => {
    const captcha = firstRender({ ...RECAPTCHA, PaymentSettings: { CaptchaSiteKey: 'site-key' } });
    expect(captcha.required).toBe(true);
    expect(captcha.missing).toBe(true);
    expect(captcha.element).not.toBeNull();
    // A submit cannot wait for a click: no token, at once.
    await expect(captcha.waitForToken()).resolves.toBeNull();
  });

  it('no captcha (none configured, a provider without its site key, or a form that asks for none): nothing to show or wait for', async () => {
    for (const captcha of [firstRender({ CaptchaEnabled: false }), firstRender(RECAPTCHA), firstRender(ALTCHA, false)]) {
      expect(captcha).toMatchObject({ required: false, token: null, missing: false, element: null });
      await expect(captcha.waitForToken()).resolves.toBeNull();
    }
  });
});
