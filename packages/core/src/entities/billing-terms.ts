/** Renewal terms: spec 1 section 9. */
export const BILLING_RENEWAL_TERMS = ['Monthly', 'Quarterly', 'Yearly', 'OneTime'] as const;
export type BillingRenewalTerm = (typeof BILLING_RENEWAL_TERMS)[number];

export const ACCOUNT_REGISTRATION_MODES = ['Individual', 'Team'] as const;
export type AccountRegistrationMode = (typeof ACCOUNT_REGISTRATION_MODES)[number];

export const BILLING_ADD_ON_TYPES = ['Recurring', 'OneTime', 'Usage'] as const;
export type BillingAddOnType = (typeof BILLING_ADD_ON_TYPES)[number];

export const COUPON_DURATIONS = ['Once', 'Forever', 'Repeating'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export const ACCOUNT_TYPES = { Individual: 1, Team: 2 } as const;
export const TERMS_LOCATIONS = { Registration: 1, UpdatePaymentInformation: 2 } as const;
export const LINE_ITEM_TYPES = {
  Plan: 1, PlanSetupFee: 2, AddOn: 3, AddOnSetupFee: 4, Discount: 5, Credit: 6, PlanCredit: 7, AddOnCredit: 8,
} as const;
export type LineItemTypeName = keyof typeof LINE_ITEM_TYPES;

export const CONTROL_TYPES = [
  'Address', 'Checkbox', 'CheckboxList', 'Date', 'Number', 'Email', 'RadioList', 'Select', 'Tel', 'Text',
  'TaxIdTypeTaxId', 'TextArea',
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

/**
 * Spec 1 section 5's four behaviours, plus RequiredWhenPaymentDue (issue 15): required when the
 * sign-up's subscription costs money (core's isPaymentDue), not asked at all when it costs nothing.
 */
export const FIELD_BEHAVIORS = ['SystemRequired', 'Required', 'ReadOnly', 'Editable', 'RequiredWhenPaymentDue'] as const;
export type FieldBehavior = (typeof FIELD_BEHAVIORS)[number];

export const DEFAULT_PASSWORD_MINIMUM_LENGTH = 8;
