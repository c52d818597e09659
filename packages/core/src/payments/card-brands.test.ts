import { describe, expect, it } from 'vitest';
import { cardBrandName } from './card-brands.ts';

describe('cardBrandName', () => {
  it('names the spec\'s four card types as people say them, and nothing else', () => {
    expect(['visa', 'mast', 'amex', 'disc'].map(cardBrandName)).toEqual(['Visa', 'Mastercard', 'American Express', 'Discover']);
    expect(cardBrandName(null)).toBeNull();
    expect(cardBrandName('unionpay')).toBeNull();
    expect(cardBrandName('toString')).toBeNull();
  });
});
