/**
 * The error catalogue: spec 1 section 8 and spec 2 section 8, plus the
 * transport-level codes the specs leave unnamed (documented in docs/errors.md).
 * The widget branches on these codes, never on message text.
 */

/**
 * `Errors.<Name>` for each name, plus the codes spelled otherwise: the catalogue is written once, as
 * names (it ships in every first screen). One pure call, so a bundle that does not use it drops it.
 */
function catalogue<const N extends string, const O extends Record<string, string>>(names: readonly N[], others: O): { readonly [K in N]: `Errors.${K}` } & O {
  return Object.assign(Object.fromEntries(names.map((n) => [n, `Errors.${n}`])), others) as { readonly [K in N]: `Errors.${K}` } & O;
}

export const ErrorCode = /* @__PURE__ */ catalogue([
  // Spec catalogue
  'InvalidEmail',
  'PaymentInformationSetupFailed',
  'SubscriptionExpired',
  'SubscriptionPlanUpgradeRequired',
  'SubscriptionQuantityUpgradeRequired',
  'PaymentInformationRequired',
  'NameOnCardInvalidFormat',
  'NameOnCardIsRequired',
  'CardNumberIsRequired',
  'ExpirationDateInvalidFormat',
  'ExpirationDateIsRequired',
  'CVVIsRequired',
  'InvalidCardType',
  'DiscountCodeNotFound',
  'SystemError',
  'Header',
  'InvalidCredentials',
  'InvalidCredentialsGoogle',
  'UnknownError',
  'InvalidToken',
  'PasswordsDoNotMatch',
  'FileInvalidType',
  'FileTooLarge',
  'Duplicate',

  // Transport and validation codes the specs do not name (docs/errors.md)
  'ValidationFailed',
  'Required',
  'InvalidValue',
  'MalformedBody',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'MethodNotAllowed',
  'Conflict',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'TooManyRequests',

  // Billing rule codes (issue 3; docs/errors.md)
  'PlanNotFound',
  'AddOnNotFound',
  'AddOnNotOffered',
  'TermNotOffered',
  'QuantityInvalid',
  'QuantityBelowMinimum',
  'QuantityAboveMaximum',
  'DiscountCodeExpired',
  'DiscountCodeNotApplicable',
  'DateOutOfRange',
  'SubscriptionNotFound',
  'OneTimePlanCannotChange',
  'ClockLocked',
  'PlanNotAvailable',
  'AddOnNotAvailable',
  'SubscriptionNotScheduled',

  // Raised by the widget's HTTP module, never sent by the server (docs/errors.md)
  'ServerUnreachable',
  'Timeout',

  // Form field rules (issue 7; docs/forms.md)
  'TooShort',
  'TooLong',
  'BelowMinimum',
  'AboveMaximum',
  'PatternMismatch',
  'InvalidNumber',
  'InvalidDate',
  'InvalidPhone',
  'InvalidTaxId',
  'CardExpired',
  'PasswordTooShort',
  'PasswordNeedsUpperLowerNumber',
  'PasswordNeedsSpecialCharacter',
  'PasswordRecentlyUsed',
  'PasswordContainsPersonalData',
  'PasswordTooCommon',

  // Captcha (issue 7; docs/errors.md)
  'CaptchaRequired',
  'CaptchaInvalid',
  'CaptchaUnavailable',

  // Payments (issue 7; docs/payments.md)
  'PaymentIntentNotFound',
  'PaymentAmountChanged',
  'PaymentIntentUsed',
  'PaymentGatewayUnavailable',
  'CardDeclined',
  'CardNumberInvalid',
  'BillingPortalUnavailable',
  /** A plan change's off-session charge needs the customer's bank authentication: the error body carries the intent's ClientSecret (issue 16). */
  'PaymentAuthenticationRequired',

  // Registration (issue 7; docs/registration.md)
  'InvalidNonce',
  'RegistrationClosed',
  'MailUnavailable',

  // Team (issue 8; docs/team.md)
  'TeamSeatsExhausted',
  'TeamMaximumPeopleReached',

  // Trust round two (issue 12; docs/auth.md)
  'ReauthenticationRequired',
  'EmailNotConfirmed',
  'SignInCodeRequired',
  'InvalidSignInCode',
  'CurrentPasswordIncorrect',

  // First use end to end (issue 13; docs/registration.md)
  'EmailAlreadyConfirmed',

  // Cancel and restore (issue 16; docs/billing.md "Cancel and restore")
  'SubscriptionAlreadyCancelling',
  'SubscriptionNotCancelling',
  'RetentionOfferUnavailable',
  // Removing the card (issue 16; docs/billing.md "Invoices and the PDF")
  'PaymentInformationInUse',
  // Collection and dunning (issue 17; docs/billing.md "Collection and dunning")
  'InvoiceNotOpen',
  'InvoiceAttemptInFlight',
  // Community server (issue 18 discord; docs/community.md)
  'CommunityNotConfigured',
  'CommunityAccessRequired',
  'CommunityUnavailable',
  // Email lists (issue 18 lists; docs/email-lists.md)
  'EmailListNotFound',
  'EmailListLinkInvalid',
  'EmailListConfirmationUsed',
  // Lead capture forms (issue 18; docs/lead-forms.md)
  'LeadFormNotFound',
  'FieldNotEditable',
], {
  // Spec 2 section 8: removed once an email check succeeds; its code has a dot of its own.
  EmailRequired: 'Errors.Email.required',
});

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
