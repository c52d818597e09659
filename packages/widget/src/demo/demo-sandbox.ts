import type { PorticoSandbox, SandboxError } from '../payments/sandbox-script.ts';

/**
 * The sandbox gateway's browser script as demo mode plays it (the real one is served by a Portico
 * server at /js/v1, payments/sandbox-script.ts): the card form runs as with a server, nothing
 * leaves the page and nothing is charged. The sandbox's decline test cards decline here too, so
 * the card errors can be tried.
 */
const DECLINES: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

const declined = (message: string): SandboxError => ({
  error: { code: 'Errors.CardDeclined', description: 'CardDeclined', message, field: null, status: 402 },
});

/** The card each demo intent was confirmed with (read by the demo's registration and save answers). */
interface DemoCard { digits: string; month: number | null; year: number | null }
const confirmed = new Map<string, DemoCard>();

export function demoCardFor(clientSecret: string): DemoCard | null {
  return confirmed.get(clientSecret) ?? null;
}

export function demoSandbox(): PorticoSandbox {
  const tokens = new Map<string, DemoCard>();
  let next = 1;
  return {
    version: 1,
    async createToken(fields) {
      const digits = (fields.card_number ?? '').replace(/\D/g, '');
      const token = `demo_tok_${next++}`;
      const year = Number(fields.expire_year);
      tokens.set(token, { digits, month: Number(fields.expire_month) || null, year: year ? (year < 100 ? 2000 + year : year) : null });
      return { card_type: digits.startsWith('4') ? 'visa' : 'card', expire_month: fields.expire_month ?? '', expire_year: fields.expire_year ?? '', onetime_token: token, last_4: digits.slice(-4) };
    },
    async confirmIntent(clientSecret, options) {
      const card = tokens.get(options.payment_method);
      const decline = DECLINES[card?.digits ?? ''];
      if (decline) return declined(decline);
      if (card) confirmed.set(clientSecret, card);
      return { id: clientSecret.split('_secret')[0] ?? clientSecret, status: 'succeeded', last_error: null, next_action: null };
    },
    async retrieveIntent(clientSecret) {
      return { id: clientSecret.split('_secret')[0] ?? clientSecret, status: 'succeeded', last_error: null, next_action: null };
    },
    authenticate() {
      /* the demo never asks the bank */
    },
  };
}

/** Puts the demo's stand-in where the card form looks for the sandbox script, so none is loaded. */
export function installDemoSandbox(target: { PorticoSandbox?: PorticoSandbox } = window): void {
  target.PorticoSandbox ??= demoSandbox();
}
