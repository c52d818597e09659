import type { AddOn } from '../entities/catalog.ts';
import { toDay } from './days.ts';

export { addOnRenewalTerms, resolveAddOnTerm } from './add-on-terms.ts';

/** The widget's view of one add-on on a subscription (spec 3 SubscriptionAddOn client flags). */
export interface SelectableAddOn {
  AddOn: AddOn;
  Quantity: number;
  selected: boolean;
  isUserSelectable: boolean;
  forceSelected: boolean;
  /** ISO date or timestamp; null when open-ended. */
  EndDate?: string | null;
}

/**
 * Spec 4: "An add-on that is not user-selectable, or that is forced (already
 * purchased one-time), cannot be unchecked."
 */
export function canUncheckAddOn(item: Pick<SelectableAddOn, 'isUserSelectable' | 'forceSelected'>): boolean {
  return item.isUserSelectable && !item.forceSelected;
}

/**
 * Spec 4: "Selecting a quantity-editable add-on sets its quantity to the minimum
 * or 1. Unselecting sets it to 0." An add-on that cannot be unchecked is returned unchanged.
 */
export function setAddOnSelected(item: SelectableAddOn, selected: boolean): SelectableAddOn {
  if (!selected) {
    if (!canUncheckAddOn(item)) return item;
    return { ...item, selected: false, Quantity: 0 };
  }
  const quantity = item.AddOn.IsQuantityEditable
    ? item.AddOn.MinimumQuantity > 0 ? item.AddOn.MinimumQuantity : 1
    : item.Quantity;
  return { ...item, selected: true, Quantity: quantity };
}

/**
 * Spec 4: "Add-ons with an EndDate in the past are hidden." Past means the
 * EndDate's UTC day is before the UTC day of `now`.
 */
export function visibleAddOns<T extends { EndDate?: string | null }>(items: readonly T[], now: Date): T[] {
  const today = toDay(now);
  return items.filter((i) => !i.EndDate || toDay(i.EndDate) >= today);
}
