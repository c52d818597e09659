/**
 * The error catalogue: spec 1 section 8 and spec 2 section 8, plus the
 * transport-level codes the specs leave unnamed (documented in docs/errors.md).
 * The widget branches on these codes, never on message text.
 */
export const ErrorCode = {
  // Spec catalogue
  InvalidEmail: 'Errors.InvalidEmail',
  PaymentInformationSetupFailed: 'Errors.PaymentInformationSetupFailed',
  SubscriptionExpired: 'Errors.SubscriptionExpired',
  SubscriptionPlanUpgradeRequired: 'Errors.SubscriptionPlanUpgradeRequired',
  SubscriptionQuantityUpgradeRequired: 'Errors.SubscriptionQuantityUpgradeRequired',
  PaymentInformationRequired: 'Errors.PaymentInformationRequired',
  NameOnCardInvalidFormat: 'Errors.NameOnCardInvalidFormat',
  NameOnCardIsRequired: 'Errors.NameOnCardIsRequired',
  CardNumberIsRequired: 'Errors.CardNumberIsRequired',
  ExpirationDateInvalidFormat: 'Errors.ExpirationDateInvalidFormat',
  ExpirationDateIsRequired: 'Errors.ExpirationDateIsRequired',
  CVVIsRequired: 'Errors.CVVIsRequired',
  InvalidCardType: 'Errors.InvalidCardType',
  DiscountCodeNotFound: 'Errors.DiscountCodeNotFound',
  SystemError: 'Errors.SystemError',
  Header: 'Errors.Header',
  InvalidCredentials: 'Errors.InvalidCredentials',
  InvalidCredentialsGoogle: 'Errors.InvalidCredentialsGoogle',
  UnknownError: 'Errors.UnknownError',
  InvalidToken: 'Errors.InvalidToken',
  PasswordsDoNotMatch: 'Errors.PasswordsDoNotMatch',
  FileInvalidType: 'Errors.FileInvalidType',
  FileTooLarge: 'Errors.FileTooLarge',
  Duplicate: 'Errors.Duplicate',
  EmailRequired: 'Errors.Email.required',

  // Transport and validation codes the specs do not name (docs/errors.md)
  ValidationFailed: 'Errors.ValidationFailed',
  Required: 'Errors.Required',
  InvalidValue: 'Errors.InvalidValue',
  MalformedBody: 'Errors.MalformedBody',
  Unauthorized: 'Errors.Unauthorized',
  Forbidden: 'Errors.Forbidden',
  NotFound: 'Errors.NotFound',
  MethodNotAllowed: 'Errors.MethodNotAllowed',
  Conflict: 'Errors.Conflict',
  PayloadTooLarge: 'Errors.PayloadTooLarge',
  UnsupportedMediaType: 'Errors.UnsupportedMediaType',
  TooManyRequests: 'Errors.TooManyRequests',

  // Billing rule codes (issue 3; docs/errors.md)
  PlanNotFound: 'Errors.PlanNotFound',
  AddOnNotFound: 'Errors.AddOnNotFound',
  AddOnNotOffered: 'Errors.AddOnNotOffered',
  TermNotOffered: 'Errors.TermNotOffered',
  QuantityInvalid: 'Errors.QuantityInvalid',
  QuantityBelowMinimum: 'Errors.QuantityBelowMinimum',
  QuantityAboveMaximum: 'Errors.QuantityAboveMaximum',
  DiscountCodeExpired: 'Errors.DiscountCodeExpired',
  DiscountCodeNotApplicable: 'Errors.DiscountCodeNotApplicable',
  DateOutOfRange: 'Errors.DateOutOfRange',
  SubscriptionNotFound: 'Errors.SubscriptionNotFound',
  OneTimePlanCannotChange: 'Errors.OneTimePlanCannotChange',
  ClockLocked: 'Errors.ClockLocked',
  PlanNotAvailable: 'Errors.PlanNotAvailable',
  AddOnNotAvailable: 'Errors.AddOnNotAvailable',
  SubscriptionNotScheduled: 'Errors.SubscriptionNotScheduled',

  // Raised by the widget's HTTP module, never sent by the server (docs/errors.md)
  ServerUnreachable: 'Errors.ServerUnreachable',
  Timeout: 'Errors.Timeout',

  // Form field rules (issue 7; docs/forms.md)
  TooShort: 'Errors.TooShort',
  TooLong: 'Errors.TooLong',
  BelowMinimum: 'Errors.BelowMinimum',
  AboveMaximum: 'Errors.AboveMaximum',
  PatternMismatch: 'Errors.PatternMismatch',
  InvalidNumber: 'Errors.InvalidNumber',
  InvalidDate: 'Errors.InvalidDate',
  InvalidPhone: 'Errors.InvalidPhone',
  CardExpired: 'Errors.CardExpired',
  PasswordTooShort: 'Errors.PasswordTooShort',
  PasswordNeedsUpperLowerNumber: 'Errors.PasswordNeedsUpperLowerNumber',
  PasswordNeedsSpecialCharacter: 'Errors.PasswordNeedsSpecialCharacter',
  PasswordRecentlyUsed: 'Errors.PasswordRecentlyUsed',
  PasswordContainsPersonalData: 'Errors.PasswordContainsPersonalData',
  PasswordTooCommon: 'Errors.PasswordTooCommon',

  // Captcha (issue 7; docs/errors.md)
  CaptchaRequired: 'Errors.CaptchaRequired',
  CaptchaInvalid: 'Errors.CaptchaInvalid',
  CaptchaUnavailable: 'Errors.CaptchaUnavailable',

  // Payments (issue 7; docs/payments.md)
  PaymentIntentNotFound: 'Errors.PaymentIntentNotFound',
  PaymentAmountChanged: 'Errors.PaymentAmountChanged',
  PaymentIntentUsed: 'Errors.PaymentIntentUsed',
  PaymentGatewayUnavailable: 'Errors.PaymentGatewayUnavailable',
  CardDeclined: 'Errors.CardDeclined',
  CardNumberInvalid: 'Errors.CardNumberInvalid',

  // Registration (issue 7; docs/registration.md)
  InvalidNonce: 'Errors.InvalidNonce',
  RegistrationClosed: 'Errors.RegistrationClosed',
  MailUnavailable: 'Errors.MailUnavailable',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** English default messages; the widget translates by code through i18next. */
export const defaultMessages: Record<ErrorCode, string> = {
  'Errors.InvalidEmail': 'Invalid email',
  'Errors.PaymentInformationSetupFailed': 'We could not setup this payment method. Please try again.',
  'Errors.SubscriptionExpired': 'Your subscription has expired, please choose a new plan.',
  'Errors.SubscriptionPlanUpgradeRequired': 'Your plan must be upgraded.',
  'Errors.SubscriptionQuantityUpgradeRequired': 'Your plan needs more units.',
  'Errors.PaymentInformationRequired': 'Payment information is required.',
  'Errors.NameOnCardInvalidFormat': 'Name on card must have both first and last name.',
  'Errors.NameOnCardIsRequired': 'Name on card is required.',
  'Errors.CardNumberIsRequired': 'Card number is required.',
  'Errors.ExpirationDateInvalidFormat': 'Expiration date is not in the correct format.',
  'Errors.ExpirationDateIsRequired': 'Expiration date is required.',
  'Errors.CVVIsRequired': 'CVV is required.',
  'Errors.InvalidCardType': 'Only Visa, MasterCard, American Express, and Discover are accepted at this time.',
  'Errors.DiscountCodeNotFound': 'Discount code not found.',
  'Errors.SystemError': 'A system error has occurred, please try again later.',
  'Errors.Header': 'Please correct the following errors:',
  'Errors.InvalidCredentials': 'Invalid email or password.',
  'Errors.InvalidCredentialsGoogle': 'This Google account could not be used to sign in.',
  'Errors.UnknownError': 'An unknown error has occurred.',
  'Errors.InvalidToken': 'This link is invalid or has expired.',
  'Errors.PasswordsDoNotMatch': 'The new password and confirm password fields do not match',
  'Errors.FileInvalidType': 'This file type can not be uploaded.',
  'Errors.FileTooLarge': 'The file is too large.',
  'Errors.Duplicate': 'An account with this email already exists.',
  'Errors.Email.required': 'Email is required.',
  'Errors.ValidationFailed': 'The request is not valid.',
  'Errors.Required': 'This field is required.',
  'Errors.InvalidValue': 'This value is not valid.',
  'Errors.MalformedBody': 'The request body could not be read.',
  'Errors.Unauthorized': 'Authentication is required.',
  'Errors.Forbidden': 'You do not have access to this resource.',
  'Errors.NotFound': 'Not found.',
  'Errors.MethodNotAllowed': 'This method is not allowed here.',
  'Errors.Conflict': 'This conflicts with existing data.',
  'Errors.PayloadTooLarge': 'The request body is too large.',
  'Errors.UnsupportedMediaType': 'This content type is not supported.',
  'Errors.TooManyRequests': 'Too many requests, please wait and try again.',
  'Errors.PlanNotFound': 'Could not find plan for planUid',
  'Errors.AddOnNotFound': 'Could not find add-on.',
  'Errors.AddOnNotOffered': 'This add-on is not offered with the plan.',
  'Errors.TermNotOffered': 'The plan has no rate for this billing term.',
  'Errors.QuantityInvalid': 'Quantity must be a whole number.',
  'Errors.QuantityBelowMinimum': 'Quantity is below the minimum.',
  'Errors.QuantityAboveMaximum': 'You can have a maximum of N people on your plan.',
  'Errors.DiscountCodeExpired': 'This discount code has expired.',
  'Errors.DiscountCodeNotApplicable': 'This discount code does not apply to this plan.',
  'Errors.DateOutOfRange': 'Dates must be between 1990-01-01 and 2099-12-31.',
  'Errors.SubscriptionNotFound': 'Subscription not found.',
  'Errors.OneTimePlanCannotChange': 'A one-time plan cannot be switched.',
  'Errors.ClockLocked': 'The server clock cannot be changed in production mode.',
  'Errors.PlanNotAvailable': 'This plan is not available.',
  'Errors.AddOnNotAvailable': 'This add-on is no longer offered.',
  'Errors.SubscriptionNotScheduled': 'Only a scheduled plan change can be cancelled.',
  'Errors.ServerUnreachable': 'Cannot reach the server. Check your connection and try again.',
  'Errors.Timeout': 'The server is taking too long to answer. Please try again.',
  'Errors.TooShort': 'This value is too short.',
  'Errors.TooLong': 'This value is too long.',
  'Errors.BelowMinimum': 'This value is too small.',
  'Errors.AboveMaximum': 'This value is too large.',
  'Errors.PatternMismatch': 'This value is not in the expected format.',
  'Errors.InvalidNumber': 'Enter a number.',
  'Errors.InvalidDate': 'Enter a valid date.',
  'Errors.InvalidPhone': 'Enter a valid phone number.',
  'Errors.CardExpired': 'This card has expired.',
  'Errors.PasswordTooShort': 'The password is too short.',
  'Errors.PasswordNeedsUpperLowerNumber': 'The password needs an upper-case letter, a lower-case letter and a number.',
  'Errors.PasswordNeedsSpecialCharacter': 'The password needs a special character.',
  'Errors.PasswordRecentlyUsed': 'This password was used recently; choose another one.',
  'Errors.PasswordContainsPersonalData': 'The password must not contain your name or email.',
  'Errors.PasswordTooCommon': 'This password is too common.',
  'Errors.CaptchaRequired': 'Please complete the captcha.',
  'Errors.CaptchaInvalid': 'The captcha was not accepted. Please try it again.',
  'Errors.CaptchaUnavailable': 'The captcha service cannot be reached. Please try again later.',
  'Errors.PaymentIntentNotFound': 'This payment could not be found. Please enter your payment details again.',
  'Errors.PaymentAmountChanged': 'The amount due has changed. Please confirm your payment details again.',
  'Errors.PaymentIntentUsed': 'This payment has already been used.',
  'Errors.PaymentGatewayUnavailable': 'The payment provider cannot be reached. Please try again later.',
  'Errors.CardDeclined': 'Your card was declined.',
  'Errors.CardNumberInvalid': 'Your card number is incorrect.',
  'Errors.InvalidNonce': 'This sign-up form has expired or was already sent. Please try again.',
  'Errors.RegistrationClosed': 'Sign-up is closed.',
  'Errors.MailUnavailable': 'Sign-up needs an email confirmation, but mail cannot be sent right now. Please try again later.',
};

/** One field-level error: Field is the dotted PascalCase path of the input. */
export interface FieldError {
  Field: string;
  ErrorCode: ErrorCode | string;
  Message: string;
}

/** The one error shape every failed API call answers with. */
export interface ErrorBody {
  Status: number;
  ErrorCode: ErrorCode | string;
  Message: string;
  FieldErrors: FieldError[];
}
