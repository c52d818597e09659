/** Strings of the payment entry, loaded with its chunk (kept out of the first screen). */
export const enPayments = {
  legend: 'Payment details',
  nameOnCard: 'Name on card',
  cardNumber: 'Card number',
  exp: 'Exp',
  expPlaceholder: 'MM / YY',
  expHint: 'Month and year as on the card, MM / YY',
  cvv: 'CVV',
  authenticate: 'Authenticate your payment',
  authenticateHelp: 'Your bank asks you to confirm this payment before it can go through.',
  loading: 'Loading the payment form…',
  retry: 'Try again',
  sandboxNote: 'Sandbox: use the test card 4242 4242 4242 4242. No money is taken.',
  scriptFailed: 'Failed to load the card form. Please try again.',
  stripeLoadFailed: 'Failed to load Stripe.js',
  stripeUnavailable: 'Stripe.js not available',
};
