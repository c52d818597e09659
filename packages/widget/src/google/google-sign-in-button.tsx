import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLightDomSlot } from '../app/use-light-dom-slot.tsx';
import { loadScript } from '../third-party/load-script.ts';
import { registerGoogleButton, scheduleButtonRerender, type GoogleIdApi } from './google-identity.ts';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: GoogleIdApi & {
      renderButton(el: HTMLElement, options: {
        type: 'standard'; theme: 'outline' | 'filled_black'; size: 'large'; text: 'signup_with' | 'signin_with' | 'continue_with';
        shape: 'rectangular' | 'pill'; width?: number; locale?: string; click_listener?: () => void;
      }): void;
    };
  };
}

export interface GoogleSignInButtonProps {
  /** The company's OAuth client id (InitSettings.GoogleOAuthClientId); nothing is loaded without one. */
  clientId: string | null;
  /** Called with the ID token (JWT) Google returns; the register screen sends it, the server verifies it. */
  onCredential(idToken: string): void;
  text?: 'signup_with' | 'signin_with' | 'continue_with';
  dark?: boolean;
  pill?: boolean;
}

/**
 * Google Identity Services' button. Its script loads only when a client id is configured and this
 * renders; the button (an iframe of Google's) goes into a light-DOM slot, as Google's script may not
 * work inside a shadow root.
 */
export function GoogleSignInButton({ clientId, onCredential, text = 'signup_with', dark = false, pill = false }: GoogleSignInButtonProps) {
  const { t, i18n } = useTranslation();
  const { slot, container } = useLightDomSlot('google');
  const onCredentialRef = useRef(onCredential);
  useEffect(() => { onCredentialRef.current = onCredential; });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container || !clientId) return;
    let live = true;
    let registration: ReturnType<typeof registerGoogleButton> | null = null;
    let cancelRerender: (() => void) | null = null;
    loadScript(GOOGLE_IDENTITY_SCRIPT).then(() => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (!live) return;
      if (!google) throw new Error('Google Identity Services not available');
      const render = () => {
        container.replaceChildren();
        google.accounts.id.renderButton(container, {
          type: 'standard', theme: dark ? 'filled_black' : 'outline', size: 'large', text, shape: pill ? 'pill' : 'rectangular', click_listener: mine.claim,
          width: Math.min(400, Math.max(200, Math.round(container.getBoundingClientRect().width) || 320)), locale: i18n.language,
        });
      };
      // After each credential handed over, the button is rendered again (spec 2), so a refused
      // sign-in leaves a button that can be used again; the slot must still be in the page.
      const handler = {
        current: (idToken: string) => {
          onCredentialRef.current(idToken);
          cancelRerender?.();
          cancelRerender = scheduleButtonRerender(() => {
            if (!live) return true;
            if (!container.isConnected) return false;
            render();
            return true;
          });
        },
      };
      const mine = registerGoogleButton(google.accounts.id, clientId, text === 'signin_with' ? 'signin' : 'signup', handler);
      registration = mine;
      render();
    }).catch(() => { if (live) setFailed(true); });
    return () => {
      live = false;
      cancelRerender?.();
      registration?.remove();
      container.replaceChildren();
    };
  }, [container, clientId, text, dark, pill, i18n.language]);

  if (!clientId) return null;
  return (
    <div className="p-google-signin" role="group" aria-label={t('google.label')}>
      {failed ? <span role="alert">{t('google.loadFailed')}</span> : slot}
    </div>
  );
}
