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
  InvalidTaxId: 'Errors.InvalidTaxId',
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
  BillingPortalUnavailable: 'Errors.BillingPortalUnavailable',
  /** A plan change's off-session charge needs the customer's bank authentication: the error body carries the intent's ClientSecret (issue 16). */
  PaymentAuthenticationRequired: 'Errors.PaymentAuthenticationRequired',

  // Registration (issue 7; docs/registration.md)
  InvalidNonce: 'Errors.InvalidNonce',
  RegistrationClosed: 'Errors.RegistrationClosed',
  MailUnavailable: 'Errors.MailUnavailable',

  // Team (issue 8; docs/team.md)
  TeamSeatsExhausted: 'Errors.TeamSeatsExhausted',
  TeamMaximumPeopleReached: 'Errors.TeamMaximumPeopleReached',

  // Trust round two (issue 12; docs/auth.md)
  ReauthenticationRequired: 'Errors.ReauthenticationRequired',
  EmailNotConfirmed: 'Errors.EmailNotConfirmed',
  SignInCodeRequired: 'Errors.SignInCodeRequired',
  InvalidSignInCode: 'Errors.InvalidSignInCode',
  CurrentPasswordIncorrect: 'Errors.CurrentPasswordIncorrect',

  // First use end to end (issue 13; docs/registration.md)
  EmailAlreadyConfirmed: 'Errors.EmailAlreadyConfirmed',

  // Cancel and restore (issue 16; docs/billing.md "Cancel and restore")
  SubscriptionAlreadyCancelling: 'Errors.SubscriptionAlreadyCancelling',
  SubscriptionNotCancelling: 'Errors.SubscriptionNotCancelling',
  RetentionOfferUnavailable: 'Errors.RetentionOfferUnavailable',
  // Removing the card (issue 16; docs/billing.md "Invoices and the PDF")
  PaymentInformationInUse: 'Errors.PaymentInformationInUse',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];


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
  /** Errors.PaymentAuthenticationRequired only: the client secret of the intent the customer authenticates (docs/payments.md "Plan change payment"). */
  ClientSecret?: string;
}
