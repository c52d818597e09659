import { ErrorCode } from '@portico/core';
import { fieldError, validationError } from '../http/app-error.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import { newUid } from '../ids/new-uid.ts';
import type { AddOnInput, CouponInput, PlanFamilyInput, PlanInput } from './catalog.schemas.ts';
import { toMinorOrNull } from './catalog.mappers.ts';
import type { AddOnRowInput, CatalogRepository, CouponRowInput, PlanAddOnRowInput, PlanFamilyRowInput, PlanRowInput } from './catalog.repository.ts';

/** Validated wire input (major units) to table rows (minor units). */
export const familyRow = (i: PlanFamilyInput): PlanFamilyRowInput => ({ uid: i.Uid ?? newUid(), name: i.Name, isDefault: i.IsDefault, isActive: i.IsActive });

const rateColumns = (i: { MonthlyRate?: number | null; QuarterlyRate?: number | null; AnnualRate?: number | null; OneTimeRate?: number | null; SetupFee?: number | null }, currency: string) => ({
  monthlyRate: toMinorOrNull(i.MonthlyRate, currency),
  quarterlyRate: toMinorOrNull(i.QuarterlyRate, currency),
  annualRate: toMinorOrNull(i.AnnualRate, currency),
  oneTimeRate: toMinorOrNull(i.OneTimeRate, currency),
  setupFee: toMinorOrNull(i.SetupFee, currency),
});

export const addOnRow = (i: AddOnInput, currency: string): AddOnRowInput => ({
  uid: i.Uid ?? newUid(), name: i.Name, unitOfMeasure: i.UnitOfMeasure ?? null, billingAddOnType: i.BillingAddOnType,
  isQuantityEditable: i.IsQuantityEditable, minimumQuantity: i.MinimumQuantity, isBilledDuringTrial: i.IsBilledDuringTrial,
  isActive: i.IsActive, ...rateColumns(i, currency),
});

export const planRow = (i: PlanInput, currency: string): { row: PlanRowInput; links: PlanAddOnRowInput[] } => ({
  row: {
    uid: i.Uid ?? newUid(), planFamilyUid: i.PlanFamily.Uid, name: i.Name,
    // Rich text: sanitized as it is written (admin API and config seed) and again as it is read (planFromRow).
    description: sanitizeRichText(i.Description ?? null),
    isActive: i.IsActive, isDefault: i.IsDefault, isQuantityEditable: i.IsQuantityEditable, isPerUser: i.IsPerUser,
    minimumQuantity: i.MinimumQuantity, maximumPeople: i.MaximumPeople ?? null, ...rateColumns(i, currency),
    unitOfMeasure: i.UnitOfMeasure ?? null, unitOfMeasurePlural: i.UnitOfMeasurePlural ?? null,
    trialPeriodDays: i.TrialPeriodDays ?? null, trialUntilDate: i.TrialUntilDate ?? null,
    requirePaymentInformation: i.RequirePaymentInformation, accountRegistrationMode: i.AccountRegistrationMode,
  },
  links: i.PlanAddOns.map((pa) => ({ addOnUid: pa.AddOn.Uid, isUserSelectable: pa.IsUserSelectable })),
});

export const couponRow = (i: CouponInput, currency: string): CouponRowInput => ({
  uid: i.Uid ?? newUid(), uniqueIdentifier: i.UniqueIdentifier, name: i.Name,
  percentOff: i.PercentOff == null ? null : i.PercentOff.toFixed(2), amountOff: toMinorOrNull(i.AmountOff, currency),
  duration: i.Duration, durationInMonths: i.Duration === 'Repeating' ? (i.DurationInMonths ?? null) : null,
  redeemBy: i.RedeemBy ? new Date(i.RedeemBy) : null, planUids: i.PlanUids, isActive: i.IsActive,
});

/** References a plan makes (family, add-ons) must exist: 400 with field errors otherwise. */
export async function checkPlanReferences(repo: CatalogRepository, i: PlanInput): Promise<void> {
  const errors = [];
  if (!(await repo.getFamily(i.PlanFamily.Uid))) errors.push(fieldError('PlanFamily.Uid', ErrorCode.InvalidValue, `Unknown plan family '${i.PlanFamily.Uid}'.`));
  const wanted = i.PlanAddOns.map((pa) => pa.AddOn.Uid);
  const found = await repo.existingAddOnUids(wanted);
  wanted.forEach((uid, idx) => {
    if (!found.has(uid)) errors.push(fieldError(`PlanAddOns.${idx}.AddOn.Uid`, ErrorCode.AddOnNotFound, `Unknown add-on '${uid}'.`));
  });
  if (new Set(wanted).size !== wanted.length) errors.push(fieldError('PlanAddOns', ErrorCode.InvalidValue, 'An add-on is listed twice.'));
  if (errors.length) throw validationError(errors);
}
