/**
 * The forms' captcha (a lazy chunk, started by use-captcha.tsx): ALTCHA, reCAPTCHA or Turnstile as the
 * startup settings say, or nothing when the company has none.
 */
import { lazy, Suspense } from 'react';
import { useWidget } from '../app/context.ts';
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { AltchaCaptcha } from './altcha-captcha.tsx';
import { isCaptchaRequired, type CaptchaProps } from './captcha-props.ts';
import { captchaSheetRef } from './setup.ts';
import { enCaptcha } from './en-captcha.ts';

registerLazyStrings(getI18n(), 'captcha', enCaptcha);

// reCAPTCHA and Turnstile (a third party's script in a light-DOM slot) are a chunk of their own: an ALTCHA form
// (the demo company's, the help form's) does not download the script loader and the slot.
const ScriptCaptcha = lazy(() => import('./script-captcha.tsx').then((m) => ({ default: m.ScriptCaptcha })));

export default function Captcha(props: CaptchaProps) {
  const { settings } = useWidget();
  if (!isCaptchaRequired(settings)) return null;
  const siteKey = settings.PaymentSettings.CaptchaSiteKey;
  return (
    <div ref={captchaSheetRef} className="p-captcha-field">
      {settings.CaptchaProvider === 'altcha' && <AltchaCaptcha {...props} />}
      {(settings.CaptchaProvider === 'recaptcha' || settings.CaptchaProvider === 'turnstile') && siteKey && (
        <Suspense fallback={null}><ScriptCaptcha {...props} provider={settings.CaptchaProvider} siteKey={siteKey} /></Suspense>
      )}
    </div>
  );
}
