import { mulDivRound } from './rounding.ts';

export type TaxBehavior = 'inclusive' | 'exclusive';
export type TaxStatus = 'Taxable' | 'Exempt';

/** One row of the tax-rate table: a country, optionally narrowed to a state; rate in basis points (825 = 8.25%). */
export interface TaxRate {
  country: string;
  state?: string | null;
  rateBasisPoints: number;
}

export interface TaxInput {
  rates: readonly TaxRate[];
  country?: string | null;
  state?: string | null;
  status?: TaxStatus;
  behavior: TaxBehavior;
}

/**
 * The rate for an address: an exact country+state row wins, else the
 * country-wide row (no state), else 0. 'Exempt' status means no tax.
 */
export function findTaxRate(tax: TaxInput | null | undefined): number {
  if (!tax || tax.status === 'Exempt' || !tax.country) return 0;
  const country = tax.country.toUpperCase();
  const state = tax.state ? tax.state.toUpperCase() : null;
  let countryWide = 0;
  for (const r of tax.rates) {
    if (r.country.toUpperCase() !== country) continue;
    if (r.state) {
      if (state !== null && r.state.toUpperCase() === state) return r.rateBasisPoints;
    } else {
      countryWide = r.rateBasisPoints;
    }
  }
  return countryWide;
}

/**
 * Tax on one line, rounded half-up to the minor unit.
 * exclusive: amount x rate (added on top). inclusive: the tax contained in the
 * amount, amount x rate / (1 + rate) (the total stays the amount).
 */
export function lineTax(amount: number, rateBasisPoints: number, behavior: TaxBehavior): number {
  if (rateBasisPoints <= 0 || amount === 0) return 0;
  return behavior === 'exclusive'
    ? mulDivRound(amount, rateBasisPoints, 10_000)
    : mulDivRound(amount, rateBasisPoints, 10_000 + rateBasisPoints);
}
