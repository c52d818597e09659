import { z } from 'zod';
import { CANCELLATION_COMMENT_MAX_LENGTH, CANCELLATION_REASON_MAX_LENGTH } from '@portico/core/billing/cancellation';
import { couponOut, uidSchema } from '../catalog/catalog.schemas.ts';
import { subscriptionOut } from '../billing/billing.schemas.ts';

/**
 * Wire schemas of cancel and restore (spec 2 section 7 "Cancellation": POST body Account.Uid,
 * PriorAccountStage, CancelationReason, Comment, SubmittedDateTime). The server decides what it
 * trusts: PriorAccountStage and SubmittedDateTime are accepted for the spec's shape and ignored
 * (the stored stage is the account's, the time the server clock's).
 */
export const cancellationInput = z.object({
  /** The account; a person may name only the account they are signed in to (the admin key must name one). */
  Account: z.object({ Uid: uidSchema }).strict().optional(),
  PriorAccountStage: z.string().max(50).nullable().optional(),
  /** One of the offered reasons (init settings CancellationReasons, else the spec's six); optional. */
  CancelationReason: z.string().trim().max(CANCELLATION_REASON_MAX_LENGTH).nullable().optional(),
  Comment: z.string().max(CANCELLATION_COMMENT_MAX_LENGTH).nullable().optional(),
  SubmittedDateTime: z.string().max(40).nullable().optional(),
}).strict();
export type CancellationInput = z.infer<typeof cancellationInput>;

/** GET and DELETE: the admin key names the account; a person's token already does. */
export const cancellationQuery = z.object({ accountUid: uidSchema.optional() });

export const cancellationOut = z.object({
  Uid: z.string(),
  Account: z.object({ Uid: z.string() }),
  /** The stage before cancelling; restore puts it back. */
  PriorAccountStage: z.string().nullable(),
  CancelationReason: z.string().nullable(),
  Comment: z.string().nullable(),
  SubmittedDateTime: z.string(),
  /** When the plan ends: the current billing period's end (the subscription's EndDate). */
  EndDate: z.string().nullable(),
  /** Set by 'Restore plan'. */
  Restored: z.string().nullable(),
  /** The account's stage after this call. */
  AccountStage: z.string().nullable(),
});
export type CancellationOut = z.infer<typeof cancellationOut>;

export const retentionOfferOut = z.object({
  Message: z.string(),
  DiscountCoupon: couponOut,
});

export const cancellationStateOut = z.object({
  /** The account's open request (its plan is scheduled to end), or null. */
  Cancellation: cancellationOut.nullable(),
  /** The configured retention offer when it applies to this account now (primary contact, not offered before), else null. */
  RetentionOffer: retentionOfferOut.nullable(),
});

export const retentionAcceptOut = z.object({ Subscription: subscriptionOut });
