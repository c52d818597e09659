import './setup.ts';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { REAUTHENTICATION_WINDOW_MINUTES } from '@portico/core/signin/reauthentication';
import { useWidget } from '../../app/context.ts';
import { useSystemDark } from '../../app/hooks.ts';
import { asProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { useForm } from '../../forms/use-form.ts';
import { LazyGoogleSignInButton } from '../../google/lazy-google-sign-in-button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PasswordField } from '../../passwords/password-field.tsx';
import { fetchProfile } from '../../screens/profile-view/profile-calls.ts';
import { useProfileKey } from '../../screens/profile-view/use-profile-key.ts';
import { reauthenticate } from './reauthenticate-calls.ts';
import { reauthSheetRef } from './setup.ts';

const NO_FIELDS = [] as const;

/**
 * 'Confirm it's you': an inline region (labelled by its heading, described by its text) asking for
 * the password, or Google for a Google-linked login. Focus moves to the password input (or the
 * region) when it opens and goes back where it was when it closes; Escape and Cancel close it
 * without confirming, and never close the popup around it.
 */
export function ConfirmItsYou({ onConfirmed, onCancel }: { onConfirmed(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const { settings } = useWidget();
  const api = useApi();
  const systemDark = useSystemDark();
  const titleId = useId();
  const textId = useId();
  const region = useRef<HTMLElement | null>(null);
  const profile = useApiQuery(useProfileKey('me'), fetchProfile);
  const google = Boolean(profile.data?.OAuthGoogleProfileId);
  const googleClientId = settings.GoogleOAuthClientId ?? null;
  const [googleErrors, setGoogleErrors] = useState<DisplayError[]>([]);
  const form = useForm({
    fields: NO_FIELDS,
    validate: (v) => (v.Password ? [] : [{ Field: 'Password', ErrorCode: ErrorCode.Required, Message: '' }]),
  });

  // Focus in on opening, back out on closing (to the action's button, once it is enabled again).
  useEffect(() => {
    const el = region.current;
    if (!el) return undefined;
    const root = el.getRootNode() as ShadowRoot | Document;
    const before = root.activeElement instanceof HTMLElement ? root.activeElement : null;
    (el.querySelector<HTMLElement>('input[type="password"], input[type="text"]') ?? el).focus();
    return () => {
      requestAnimationFrame(() => { if (before?.isConnected) before.focus(); });
    };
  }, []);

  const confirm = form.handleSubmit(async ({ raw }) => {
    await reauthenticate(api, { Password: String(raw.Password) });
    onConfirmed();
  });

  async function confirmWithGoogle(idToken: string) {
    setGoogleErrors([]);
    try {
      await reauthenticate(api, { GoogleIdToken: idToken });
      onConfirmed();
    } catch (err) {
      setGoogleErrors(problemErrors(asProblem(err)));
    }
  }

  const minutes = REAUTHENTICATION_WINDOW_MINUTES;
  return (
    <section ref={(el) => { region.current = el; reauthSheetRef(el); }} className="p-reauth" aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onCancel(); } }}>
      <h3 id={titleId} className="p-reauth-title">{t('reauth.title')}</h3>
      {google ? (
        <>
          <p id={textId} className="p-reauth-text">{googleClientId ? t('reauth.textGoogle', { minutes }) : t('reauth.googleUnavailable')}</p>
          <ErrorList errors={googleErrors} />
          {googleClientId && (
            <Suspense fallback={null}>
              <LazyGoogleSignInButton clientId={googleClientId} onCredential={(idToken) => void confirmWithGoogle(idToken)} text="continue_with"
                dark={systemDark && settings.Theme.displayMode !== 'light'} />
            </Suspense>
          )}
          <div className="p-reauth-actions">
            <button type="button" className="p-btn p-btn-secondary" onClick={onCancel}>{t('reauth.cancel')}</button>
          </div>
        </>
      ) : (
        <form className="p-reauth-form" noValidate onSubmit={confirm} aria-labelledby={titleId}>
          <p id={textId} className="p-reauth-text">{t('reauth.text', { minutes })}</p>
          <ErrorList errors={form.errorList} />
          <PasswordField form={form} path="Password" label={t('reauth.password')} autoComplete="current-password" />
          <div className="p-reauth-actions">
            <button type="submit" className="p-btn p-btn-primary" aria-disabled={form.busy || undefined}>{form.busy ? t('reauth.confirming') : t('reauth.confirm')}</button>
            <button type="button" className="p-btn p-btn-secondary" onClick={onCancel}>{t('reauth.cancel')}</button>
          </div>
        </form>
      )}
    </section>
  );
}
