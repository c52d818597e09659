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
