/**
 * Google Identity Services keeps ONE callback per page (`google.accounts.id.initialize` is global),
 * but a page may show several Portico widgets with a Google button (an embedded sign-up form and a
 * login popup). So the page initializes once per client id with one dispatcher, and each button
 * claims the credential by its own click (`click_listener`); without a click seen (One Tap, or a
 * stand-in script) the button mounted last answers.
 */
export interface GoogleIdApi {
  initialize(options: { client_id: string; callback(response: { credential?: string }): void; ux_mode?: 'popup'; context?: string }): void;
}

type Handler = (idToken: string) => void;

const buttons: Array<{ current: Handler }> = [];
let clicked: { current: Handler } | null = null;
let initializedFor: string | null = null;

function dispatch(response: { credential?: string }): void {
  const target = clicked ?? buttons[buttons.length - 1];
  clicked = null;
  if (response.credential && target) target.current(response.credential);
}

/** Adds a button's handler (a ref, so the latest closure answers); returns its click claim and its removal. */
export function registerGoogleButton(id: GoogleIdApi, clientId: string, context: 'signin' | 'signup', handler: { current: Handler }) {
  if (initializedFor !== clientId) {
    id.initialize({ client_id: clientId, ux_mode: 'popup', context, callback: dispatch });
    initializedFor = clientId;
  }
  buttons.push(handler);
  return {
    claim: () => { clicked = handler; },
    remove: () => {
      const i = buttons.indexOf(handler);
      if (i >= 0) buttons.splice(i, 1);
      if (clicked === handler) clicked = null;
    },
  };
}

/**
 * Spec 2, login screen: the Google button is rendered again 1000 ms after a sign-in attempt, with a
 * retry at 100 ms. Google's button is not usable again by itself once it handed over a credential
 * (its popup flow is spent), so a refused sign-in (Errors.InvalidCredentialsGoogle) would leave a
 * dead button. `render` answers false while the slot is not ready (not in the page); it is tried
 * again every `retryMs`, at most `retries` times. Returns the cancel, for unmount.
 */
export const BUTTON_RERENDER = { delayMs: 1000, retryMs: 100, retries: 5 } as const;

export function scheduleButtonRerender(render: () => boolean, timing: { delayMs: number; retryMs: number; retries: number } = BUTTON_RERENDER): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retriesLeft = timing.retries;
  const attempt = () => {
    timer = null;
    if (render() || retriesLeft-- <= 0) return;
    timer = setTimeout(attempt, timing.retryMs);
  };
  timer = setTimeout(attempt, timing.delayMs);
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
