import { useState } from 'react';
import { getI18n } from '../../app/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { useCaptcha } from '../../captcha/use-captcha.tsx';

registerLazyStrings(getI18n(), 'galleryCaptcha', {
  heading: 'Captcha',
  open: 'Show the captcha',
  again: 'Make a new token',
  none: 'This company has no captcha.',
  token: 'Token ready ({{length}} characters).',
  noToken: 'No token yet.',
});

/**
 * The sign-up captcha on its own (internal harness): the configured provider, and whether it has
 * handed up a token. Shown on request, so opening the gallery costs no challenge.
 */
export function CaptchaSample() {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const [open, setOpen] = useState(false);
  return (
    <section className="p-gallery" aria-labelledby="gallery-captcha-heading">
      <h3 id="gallery-captcha-heading">{t('galleryCaptcha.heading')}</h3>
      {!captcha.required ? <p>{t('galleryCaptcha.none')}</p> : !open ? (
        <div className="p-gallery-row">
          <button type="button" className="p-btn p-btn-secondary" onClick={() => { setOpen(true); captcha.start(); }}>{t('galleryCaptcha.open')}</button>
        </div>
      ) : (
        <>
          {captcha.element}
          <p data-captcha-token={captcha.token ?? ''}>{captcha.token ? t('galleryCaptcha.token', { length: captcha.token.length }) : t('galleryCaptcha.noToken')}</p>
          <div className="p-gallery-row">
            <button type="button" className="p-btn p-btn-secondary" onClick={captcha.renew}>{t('galleryCaptcha.again')}</button>
          </div>
        </>
      )}
    </section>
  );
}
