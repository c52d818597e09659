import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { I18nProvider, useTranslation } from '../i18n/use-translation.ts';
import { consoleApi } from './console-api.ts';
import { consoleTranslator } from './console-i18n.ts';
import { consoleToken, operatorOf, reissueDelay, type ConsoleToken } from './console-token.ts';
import { rememberConsoleDevice } from './console-devices.ts';
import { leaveLinkScreen, parseConsoleRoute, useConsoleHash } from './console-route.ts';
import { ForgotPasswordScreen } from './forgot-password-screen.tsx';
import { LoginScreen } from './login-screen.tsx';
import { SetPasswordScreen } from './set-password-screen.tsx';
import type { ConsoleSignInAnswer } from './sign-in-code-form.tsx';
import { useConsoleTheme } from './theme-mode.ts';
import { Workspace } from './workspace.tsx';

function safeSessionStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The console (issue 20): the login (or, by the URL's fragment, forgot password and the set-password
 * screen of a mailed link) until a console token is held, then the workspace; the token is reissued before it expires.
 */
export function ConsoleApp() {
  const i18n = useMemo(consoleTranslator, []);
  const token = useMemo(() => consoleToken(safeSessionStorage()), []);
  return <I18nProvider i18n={i18n}><Signed token={token} /></I18nProvider>;
}

function Signed({ token }: { token: ConsoleToken }) {
  const { t } = useTranslation();
  const api = useMemo(() => consoleApi(token), [token]);
  const current = useSyncExternalStore(token.subscribe, token.get);
  const [theme, setTheme] = useConsoleTheme();
  const [ended, setEnded] = useState(false);
  const [hadToken, setHadToken] = useState(current !== null);
  const me = operatorOf(current);

  useEffect(() => { document.title = t('console.title'); }, [t]);
  // A token that ends without a logout (expired, a 401, the session ended elsewhere) brings the login back with a word.
  useEffect(() => {
    if (current) setHadToken(true);
    else if (hadToken) setEnded(true);
  }, [current, hadToken]);
  // Reissue a minute before expiry (POST /console/tokens/reissue keeps the same session).
  useEffect(() => {
    const delay = reissueDelay(current, Date.now());
    // Expired, unreadable, or not a console token (a member's): forgotten, the login shows.
    if (delay === null || !operatorOf(current)) {
      if (current) token.set(null);
      return;
    }
    const timer = setTimeout(() => {
      api.request('post', '/api/v1/console/tokens/reissue').then((a) => token.set(a.access_token), () => undefined);
    }, delay);
    return () => clearTimeout(timer);
  }, [api, current, token]);

  const onLogout = useCallback(() => {
    setHadToken(false);
    setEnded(false);
    token.set(null);
  }, [token]);
  // Every sign-in (password, code, a set-password link) keeps this browser's console device token.
  const onSignedIn = useCallback((answer: ConsoleSignInAnswer) => {
    void rememberConsoleDevice(answer);
    setEnded(false);
    token.set(answer.access_token);
  }, [token]);

  const route = parseConsoleRoute(useConsoleHash());
  // A mailed link opens its screen even over a signed-in console (it signs in its own operator).
  if (route.screen === 'set-password') {
    return <SetPasswordScreen key={route.token} api={api} token={route.token} onSignedIn={(answer) => { leaveLinkScreen(); onSignedIn(answer); }} />;
  }
  if (!current || !me) {
    if (route.screen === 'forgot-password') return <ForgotPasswordScreen api={api} />;
    return <LoginScreen api={api} notice={ended ? t('console.signIn.ended') : null} onSignedIn={onSignedIn} />;
  }
  return <Workspace api={api} token={token} me={me} theme={theme} onTheme={setTheme} onLogout={onLogout} />;
}
