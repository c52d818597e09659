/**
 * The sandbox's test cards, the numbers providers publish for their test modes. Any other
 * number is refused: the sandbox is for demos and tests, and should never be handed a real card.
 */
/**
 * `decline_charges`: saves (a setup succeeds) and then declines every charge, on-session or off (Stripe's 4000 0000 0000 0341).
 * Issue 17 adds two more that save and then decline, so dunning can be shown both ways: `decline_charges_hard` (provider
 * code 'lost_card': a hard decline, never retried) and `insufficient_funds_charges` (a soft decline, retried by the schedule).
 */
export const CARD_BEHAVIORS = ['succeed', 'decline', 'authenticate', 'insufficient_funds', 'decline_charges', 'decline_charges_hard', 'insufficient_funds_charges'] as const;
export type CardBehavior = (typeof CARD_BEHAVIORS)[number];

export const TEST_CARDS: Readonly<Record<string, CardBehavior>> = {
  '4242424242424242': 'succeed', // Visa
  '5555555555554444': 'succeed', // Mastercard
  '378282246310005': 'succeed', // American Express
  '6011111111111117': 'succeed', // Discover
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'authenticate',
  '4000000000000341': 'decline_charges',
  '4000000000009987': 'decline_charges_hard',
  '4000000000009979': 'insufficient_funds_charges',
};

/** Cards a setup accepts (the card is saved) whose every charge is then declined. */
export function savesThenDeclines(behavior: CardBehavior): boolean {
  return behavior === 'decline_charges' || behavior === 'decline_charges_hard' || behavior === 'insufficient_funds_charges';
}

/** The provider messages shown to the customer (the wording providers use in test mode). */
export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  incorrectNumber: 'Your card number is incorrect.',
  notTestCard: 'Your card was declined. The sandbox accepts test card numbers only, such as 4242 4242 4242 4242.',
} as const;

/** Luhn checksum over the digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * What a decline looks like: message for the customer, the provider's code for logs, the client script and dunning
 * (GatewayError.providerCode: 'lost_card' is hard, like Stripe's decline_code of that name).
 */
export function declineOf(behavior: CardBehavior): { message: string; code: string } | null {
  if (behavior === 'decline' || behavior === 'decline_charges') return { message: SANDBOX_MESSAGES.declined, code: 'card_declined' };
  if (behavior === 'decline_charges_hard') return { message: SANDBOX_MESSAGES.declined, code: 'lost_card' };
  if (behavior === 'insufficient_funds' || behavior === 'insufficient_funds_charges') {
    return { message: SANDBOX_MESSAGES.insufficientFunds, code: 'insufficient_funds' };
  }
  return null;
}
