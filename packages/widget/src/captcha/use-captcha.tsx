import { lazy, Suspense, useCallback, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useWidget } from '../app/context.ts';
import { isCaptchaRequired } from './captcha-props.ts';

/** The captcha's own chunk (ALTCHA and its proof of work; reCAPTCHA and Turnstile behind one more import). */
const LazyCaptcha = lazy(() => import('./captcha.tsx'));

/** Controls whose press or focus does not start the captcha (a switch does: lists' switches sit above it). */
const BUTTON_LIKE = 'button:not([role=switch]), a[href], [role=button], input[type=submit], input[type=button], input[type=reset], input[type=image]';

/** How long a submit waits for ALTCHA's proof of work before the form says the captcha is missing. */
const SELF_SOLVING_WAIT_MS = 60_000;

export interface FormCaptcha {
  /** The form asks for a captcha (spec 1 section 5: configured, and a site key where the provider needs one). */
  required: boolean;
  /** The token once there is one (null before, and after a renew). */
  token: string | null;
  /** A captcha the visitor completes (reCAPTCHA, Turnstile) has no token yet: a submit cannot wait for it. */
  missing: boolean;
  /** Spread on the form: the visitor's first focus, input or press in it starts the captcha, and so does a submit. */
  startOn: { onFocus(e: SyntheticEvent): void; onInput(): void; onPointerDown(e: SyntheticEvent): void; onSubmitCapture(): void };
  /** Starts it now (the controls gallery's 'Show the captcha'). */
  start(): void;
  /** The captcha where the form shows it: nothing until it has started. */
  element: ReactNode;
  /**
   * The token for the submit: at once when there is one; else ALTCHA starts (when nothing has started it yet) and
   * the submit waits for it, up to a minute, the captcha saying that it is checking; null when there is nothing to
   * wait for (a captcha the visitor has not completed) or it failed.
   */
  waitForToken(): Promise<string | null>;
  /** A token counts once: after the server refused a submit, a new one is made. */
  renew(): void;
}

/**
 * The one way a form runs its captcha (the help form, a lead form, the sign-up, the email preferences). ALTCHA
 * solves itself, so it starts on the visitor's first interaction with the form, as ALTCHA's own widget does with
 * auto="onfocus": until then neither its code nor a challenge is downloaded (issue 18 page weight). A captcha the
 * visitor has to complete (reCAPTCHA, Turnstile) shows with the form. `enabled`: this form asks for one (a lead
 * form's own setting; the sign-up's screen that submits).
 */
export function useCaptcha(enabled = true): FormCaptcha {
  const { settings } = useWidget();
  const required = enabled && isCaptchaRequired(settings);
  const selfSolving = settings.CaptchaProvider === 'altcha';
  const [started, setStarted] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const latest = useRef<string | null>(null);
  const waiters = useRef(new Set<(token: string) => void>());

  const start = useCallback(() => setStarted(true), []);
  const startUnlessButton = useCallback((e: SyntheticEvent) => {
    if (!(e.target instanceof Element) || !e.target.closest(BUTTON_LIKE)) start();
  }, [start]);
  const onToken = useCallback((next: string | null) => {
    latest.current = next;
    setToken(next);
    if (next) for (const waiter of [...waiters.current]) waiter(next);
  }, []);
  const waitForToken = useCallback((): Promise<string | null> => {
    if (!required || latest.current || !selfSolving) return Promise.resolve(required ? latest.current : null);
    // Not in the caller's turn: a submit handler runs as a transition (use-form.ts), which would hold the
    // captcha's first render until the submit is over, and the submit waits for the captcha.
    setTimeout(start, 0);
    return new Promise((resolve) => {
      const done = (t: string | null) => { waiters.current.delete(done); clearTimeout(timer); resolve(t); };
      const timer = setTimeout(() => done(null), SELF_SOLVING_WAIT_MS);
      waiters.current.add(done);
    });
  }, [required, selfSolving, start]);
  const renew = useCallback(() => {
    latest.current = null;
    setToken(null);
    setResetKey((n) => n + 1);
  }, []);
  const shown = required && (started || !selfSolving);
  return {
    required,
    token: required ? token : null,
    missing: required && !selfSolving && token === null,
    // A submit starts it before the form's handler runs (a transition: see waitForToken). A press or focus on a
    // button or link does not: the captcha's box appears above the form's buttons, and a button that moves between
    // its press and its release gets no click (the first press of 'Submit' did nothing). Its submit starts it.
    startOn: { onFocus: startUnlessButton, onInput: start, onPointerDown: startUnlessButton, onSubmitCapture: start },
    start,
    element: shown ? <Suspense fallback={null}><LazyCaptcha onToken={onToken} resetKey={resetKey} /></Suspense> : null,
    waitForToken,
    renew,
  };
}
