/** The pure billing brain: plan choice, add-on rules, quantity, validation, charge summaries. */
export * from './days.ts';
export * from './rounding.ts';
export * from './terms.ts';
export * from './plan-selection.ts';
export * from './plan-choice.ts';
export * from './add-on-rules.ts';
export * from './quantity.ts';
export * from './validate-subscription-request.ts';
export * from './coupon.ts';
export * from './tax.ts';
export type * from './charge-summary.types.ts';
export * from './subscription-items.ts';
export * from './invoice-builder.ts';
export * from './new-subscription-summary.ts';
export * from './change-summary.ts';
export * from './charge-summary.ts';
export * from './due-label.ts';
export * from './wire.ts';
