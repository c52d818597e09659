/**
 * English strings of the billing pieces (plan detail, term selector, plan
 * list, add-ons, invoice preview, discount code, checkout). Kept out of en.ts
 * so they ship in the lazy billing chunk, not in app.js (first-screen budget):
 * registerBillingStrings() adds them under `billing.*` when that chunk loads.
 */
export const enBilling = {
  termName: { Monthly: 'Monthly', Quarterly: 'Quarterly', Yearly: 'Yearly', OneTime: 'One time' },
  termAdverb: { Monthly: 'monthly', Quarterly: 'quarterly', Yearly: 'yearly', OneTime: 'once' },
  termSuffix: { Monthly: '/ month', Quarterly: '/ quarter', Yearly: '/ year', OneTime: 'one time' },
  termLegend: 'Billing term',
  unitFallback_one: 'unit',
  unitFallback_other: 'units',
  detail: {
    quantityBadge: '{{count}} {{unit}}',
    changePlan: 'Change plan',
    trialDays: '{{count}}-day free trial',
    trialUntil: 'Free until {{date}}',
    expires: 'Expires {{date}}',
    price: '{{amount}} {{suffix}}',
    perUnitPrice: '{{amount}} per {{unit}} {{suffix}}',
    free: 'Free',
  },
  options: {
    heading: 'Plan options',
    quantity: 'Number of {{unit}}',
    maxPeople: 'You can have a maximum of {{count}} people on your plan.',
    addOns: 'Add-ons',
    addOnQuantity: '{{name}} quantity',
    addOnTerm: 'Billed {{term}}',
    included: 'Included with your plan',
  },
  invoice: {
    caption: 'Invoice preview',
    item: 'Item',
    amount: 'Amount',
    tax: 'Tax',
    total: 'Total',
    range: '{{start}} – {{end}}',
    taxIncluded: 'Prices include tax.',
    dueNow: 'Due now',
    dueNowAndAtRenewal: 'Due now and at renewal',
    dueAtRenewal: 'Due at renewal',
    dueOn: 'Due on {{date}}',
    renewal: 'At renewal on {{date}}: {{amount}}',
    updating: 'Updating the invoice preview…',
    empty: 'Nothing to charge.',
  },
  discount: {
    open: 'Have a discount code?',
    label: 'Discount code',
    apply: 'Apply',
    applied: 'Discount code {{code}} applied',
    remove: 'Remove discount code',
  },
  checkout: {
    submitFree: 'Complete sign up',
    submitPay: 'Sign up and pay {{amount}}',
    paymentLater: 'Payment entry arrives in a later release, so sign-up cannot be completed here yet.',
    noPlan: 'Choose a plan to continue.',
    choosePlan: 'Choose a plan',
    preview: 'Invoice',
  },
  gallery: {
    heading: 'Billing pieces',
  },
};
