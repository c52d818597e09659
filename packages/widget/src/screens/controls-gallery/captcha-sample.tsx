import { Suspense, useState } from 'react';
import { useWidget } from '../../app/context.ts';
import { getI18n } from '../../app/i18n.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { isCaptchaRequired, LazyCaptcha } from '../../captcha/lazy-captcha.tsx';

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
  const { settings } = useWidget();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  return (
    <section className="p-gallery" aria-labelledby="gallery-captcha-heading">
      <h3 id="gallery-captcha-heading">{t('galleryCaptcha.heading')}</h3>
      {!isCaptchaRequired(settings) ? <p>{t('galleryCaptcha.none')}</p> : !open ? (
        <div className="p-gallery-row">
          <button type="button" className="p-btn p-btn-secondary" onClick={() => setOpen(true)}>{t('galleryCaptcha.open')}</button>
        </div>
      ) : (
        <>
          <Suspense fallback={<Spinner />}>
            <LazyCaptcha onToken={setToken} resetKey={resetKey} />
          </Suspense>
          <p data-captcha-token={token ?? ''}>{token ? t('galleryCaptcha.token', { length: token.length }) : t('galleryCaptcha.noToken')}</p>
          <div className="p-gallery-row">
            <button type="button" className="p-btn p-btn-secondary" onClick={() => setResetKey((k) => k + 1)}>{t('galleryCaptcha.again')}</button>
          </div>
        </>
      )}
    </section>
  );
}
