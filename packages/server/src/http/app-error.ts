import { ErrorCode, type ErrorBody, type FieldError } from '@portico/core';
import { defaultMessages } from '@portico/core/errors/default-messages';

/** The HTTP status of each code: the one table, used by the one error handler. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.InvalidToken]: 404,
  [ErrorCode.EmailAlreadyConfirmed]: 409,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.PlanNotFound]: 404,
  [ErrorCode.AddOnNotFound]: 404,
  [ErrorCode.SubscriptionNotFound]: 404,
  [ErrorCode.DiscountCodeNotFound]: 404,
  [ErrorCode.MethodNotAllowed]: 405,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.Duplicate]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.SystemError]: 500,
  [ErrorCode.ClockLocked]: 403,
  [ErrorCode.RegistrationClosed]: 403,
  [ErrorCode.MailUnavailable]: 503,
  [ErrorCode.TeamSeatsExhausted]: 409,
  [ErrorCode.TeamMaximumPeopleReached]: 409,
  [ErrorCode.CaptchaUnavailable]: 502,
  [ErrorCode.PaymentIntentNotFound]: 404,
  [ErrorCode.PaymentAmountChanged]: 409,
  [ErrorCode.PaymentIntentUsed]: 409,
  [ErrorCode.PaymentGatewayUnavailable]: 502,
  [ErrorCode.CardDeclined]: 402,
  [ErrorCode.PaymentAuthenticationRequired]: 402,
  [ErrorCode.BillingPortalUnavailable]: 409,
  [ErrorCode.ReauthenticationRequired]: 403,
  [ErrorCode.PaymentInformationInUse]: 409,
  [ErrorCode.InvoiceNotOpen]: 409,
  [ErrorCode.InvoiceAttemptInFlight]: 409,
  [ErrorCode.EmailNotConfirmed]: 403,
  [ErrorCode.SignInCodeRequired]: 403,
  [ErrorCode.InvalidSignInCode]: 400,
  [ErrorCode.SubscriptionAlreadyCancelling]: 409,
  [ErrorCode.SubscriptionNotCancelling]: 409,
  [ErrorCode.RetentionOfferUnavailable]: 409,
  [ErrorCode.CommunityNotConfigured]: 409,
  [ErrorCode.CommunityAccessRequired]: 403,
  [ErrorCode.CommunityUnavailable]: 502,
  // Email lists (issue 18 lists)
  [ErrorCode.EmailListNotFound]: 404,
  [ErrorCode.EmailListLinkInvalid]: 404,
  [ErrorCode.EmailListConfirmationUsed]: 410,
  // Lead capture forms (issue 18)
  [ErrorCode.LeadFormNotFound]: 404,
};

export function statusOf(code: ErrorCode | string): number {
  return STATUS[code as ErrorCode] ?? 400;
}

/** Thrown by use cases and routes; the error handler turns it into the one error shape. */
export class AppError extends Error {
  readonly code: ErrorCode | string;
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(code: ErrorCode | string, message?: string, fieldErrors: FieldError[] = [], status?: number) {
    super(message ?? defaultMessages[code as ErrorCode] ?? code);
    this.code = code;
    this.status = status ?? statusOf(code);
    this.fieldErrors = fieldErrors;
  }

  toBody(): ErrorBody {
    return { Status: this.status, ErrorCode: this.code, Message: this.message, FieldErrors: this.fieldErrors };
  }
}

/**
 * 402 Errors.PaymentAuthenticationRequired: the bank asks the customer to authenticate an off-session
 * charge; the body's ClientSecret is the intent the widget completes before calling again.
 */
export class PaymentAuthenticationRequiredError extends AppError {
  constructor(readonly clientSecret: string, message?: string) {
    super(ErrorCode.PaymentAuthenticationRequired, message);
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), ClientSecret: this.clientSecret };
  }
}

export const notFound = (what = 'Not found.') => new AppError(ErrorCode.NotFound, what);

export function fieldError(field: string, code: ErrorCode | string, message?: string): FieldError {
  return { Field: field, ErrorCode: code, Message: message ?? defaultMessages[code as ErrorCode] ?? code };
}

/** Zod issues map to catalogue codes in one place, core's errors/zod-issues.ts (dotted paths, Required for a missing value). */
export { fieldErrorsFromZod, type ZodIssueLike } from '@portico/core/errors/zod-issues';

/** A 400 carrying field errors, with the first error's message when there is only one. */
export function validationError(fieldErrors: FieldError[], code: ErrorCode | string = ErrorCode.ValidationFailed): AppError {
  const message = fieldErrors.length === 1 ? fieldErrors[0]!.Message : defaultMessages[ErrorCode.ValidationFailed];
  return new AppError(code, message, fieldErrors, 400);
}
