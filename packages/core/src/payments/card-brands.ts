import type { CardType } from './card-rules.ts';

/** How a saved card's brand is named to its owner (a receipt, the confirmation screen): the spec's CardType codes as people say them. */
const CARD_BRAND_NAMES: Record<CardType, string> = { visa: 'Visa', mast: 'Mastercard', amex: 'American Express', disc: 'Discover' };

/** The brand's name for a CardType code; null for a code we do not know (the card is then named by its last four digits alone). */
export function cardBrandName(cardType: string | null | undefined): string | null {
  return cardType && Object.hasOwn(CARD_BRAND_NAMES, cardType) ? CARD_BRAND_NAMES[cardType as CardType] : null;
}
