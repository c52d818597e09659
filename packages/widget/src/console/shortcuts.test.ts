import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutFor } from './shortcuts.ts';

const press = (key: string, target: unknown = { tagName: 'BODY' }, mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) =>
  shortcutFor({ key, ctrlKey: false, altKey: false, metaKey: false, target, ...mods });

describe('console shortcuts', () => {
  it('j, k, r, e and ? do their move outside fields', () => {
    expect(['j', 'k', 'r', 'e', '?'].map((k) => press(k))).toEqual(['next', 'previous', 'reply', 'close', 'help']);
    expect(press('x')).toBeNull();
    expect(press('J')).toBeNull();
  });
  it('are not active while typing in a field, nor with a modifier', () => {
    for (const target of [{ tagName: 'INPUT', type: 'search' }, { tagName: 'INPUT' }, { tagName: 'TEXTAREA' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(press('j', target), JSON.stringify(target)).toBeNull();
    }
    expect(press('j', { tagName: 'BUTTON' })).toBe('next');
    expect(press('e', { tagName: 'INPUT', type: 'checkbox' })).toBe('close');
    expect(press('r', { tagName: 'BODY' }, { ctrlKey: true })).toBeNull();
    expect(press('k', { tagName: 'BODY' }, { metaKey: true })).toBeNull();
    expect(isTypingTarget(null)).toBe(false);
  });
});
