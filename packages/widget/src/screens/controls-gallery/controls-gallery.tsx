import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ErrorCode } from '@portico/core';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { replaceFileError } from '../../components/error-list-logic.ts';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { IntegerInput } from '../../components/integer-input.tsx';
import { ToggleSwitch } from '../../components/toggle-switch.tsx';
import { FileUpload } from '../../components/file-upload.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { BillingSamples } from './billing-samples.tsx';
import { PaymentSample } from './payment-sample.tsx';
import { ConfiguredFormSample } from './configured-form-sample.tsx';
import { CaptchaSample } from './captcha-sample.tsx';
import { getI18n } from '../../app/i18n.ts';
import { enGallery } from '../../i18n/en-gallery.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';

registerLazyStrings(getI18n(), 'gallery', enGallery);

/**
 * Internal harness (not a state): every form control, themed, plus the error
 * list and notices. The select, radio list and checkbox appear through the
 * configured fields (all twelve control types, configured-form-sample.tsx).
 * Reached only through Portico.embed(element, '__controls').
 */
export default function ControlsGallery(_props: ScreenProps) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const [errors, setErrors] = useState<DisplayError[]>([]);
  const [seats, setSeats] = useState(3);
  const [notify, setNotify] = useState(true);
  const [password, setPassword] = useState('');

  return (
    <div>
      <ScreenHeading>{t('gallery.heading')}</ScreenHeading>
      <p className="p-lead">
        {t('gallery.seats')}: {seats} · {notify ? 'on' : 'off'}
      </p>
      <ErrorList errors={errors} />
      <div className="p-gallery">
        <div className="p-gallery-row">
          <IntegerInput label={t('gallery.seats')} value={seats} min={3} max={10} onChange={setSeats} help="3–10" />
          <IntegerInput label={t('gallery.disabledSeats')} value={1} min={1} max={1} disabled onChange={() => undefined} />
        </div>
        <ToggleSwitch label={t('gallery.notifications')} checked={notify} onChange={setNotify} />
        <FileUpload label={t('gallery.avatar')} accept={['png', 'jpg']} maxBytes={2_000_000} onFile={() => undefined}
          onError={(e) => setErrors((list) => replaceFileError(list, e))} />
        <PasswordInput label={t('gallery.password')} value={password} autoComplete="new-password" onChange={setPassword} />
        <div className="p-gallery-row">
          <button type="button" className="p-btn p-btn-primary" onClick={() => setErrors([{ code: ErrorCode.InvalidEmail }, { code: ErrorCode.PasswordsDoNotMatch }, { code: ErrorCode.SystemError }])}>
            {t('gallery.showErrors')}
          </button>
          <button type="button" className="p-btn p-btn-secondary" onClick={() => setErrors([{ code: ErrorCode.DiscountCodeNotFound }])}>
            {t('gallery.showOneError')}
          </button>
          <button type="button" className="p-btn p-btn-secondary" onClick={() => setErrors([])}>
            {t('gallery.clearErrors')}
          </button>
          <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.notify(t('gallery.noticeText'))}>
            {t('gallery.showNotice')}
          </button>
        </div>
        <ConfiguredFormSample />
        <BillingSamples />
        <PaymentSample />
        <CaptchaSample />
      </div>
    </div>
  );
}
