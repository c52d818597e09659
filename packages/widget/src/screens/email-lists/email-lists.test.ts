import { beforeEach, describe, expect, it } from 'vitest';
import { canSavePreferences, canSubmitUnsubscribe, isSubscribed } from '@portico/core/email-lists/subscriptions';
import { landingFor } from '../../loader/landing.ts';
import { demoConfirm, demoMine, demoSave, demoUnsubscribe, resetDemoEmailLists } from '../../demo/demo-email-lists.ts';
import { DemoRefusal } from '../../demo/demo-transport.ts';

describe('email-list links in the page address (loader/landing.ts)', () => {
  it('a preferences link opens manage with the person token, removed from the address', () => {
    const l = landingFor('https://acme.example/news?x=1&portico_lists=manage&listsToken=abc.123.sig')!;
    expect(l).toEqual({ state: 'manage', params: { token: 'abc.123.sig' }, cleanHref: 'https://acme.example/news?x=1' });
  });
  it('an unsubscribe link opens unsubscribe for its list', () => {
    expect(landingFor('https://acme.example/?portico_lists=unsubscribe&listsToken=t&listUid=list-news')).toMatchObject({ state: 'unsubscribe', params: { token: 't', listUid: 'list-news' } });
  });
  it('a double opt-in link opens the confirmation page with its single-use token (nothing is confirmed by opening it)', () => {
    expect(landingFor('https://acme.example/?portico_lists=confirm&listConfirmToken=k&listUid=l')).toMatchObject({ state: 'emailListConfirmation', params: { confirmToken: 'k', listUid: 'l' } });
  });
  it('a list link without its token opens nothing', () => {
    expect(landingFor('https://acme.example/?portico_lists=manage')).toBeNull();
  });
});

describe('the rules the screens use (core)', () => {
  it('subscribed: Confirmed, or Subscribed on a list without double opt-in', () => {
    expect(isSubscribed('Confirmed', { RequiresDoubleOptIn: true })).toBe(true);
    expect(isSubscribed('Subscribed', { RequiresDoubleOptIn: false })).toBe(true);
    expect(isSubscribed('Subscribed', { RequiresDoubleOptIn: true })).toBe(false);
    expect(isSubscribed('Unsubscribed', { RequiresDoubleOptIn: false })).toBe(false);
  });
  it('Save needs a change, and the captcha when one is configured', () => {
    const a = new Set(['x']);
    expect(canSavePreferences({ initial: a, chosen: new Set(['x']), captchaRequired: false, captchaToken: null })).toBe(false);
    expect(canSavePreferences({ initial: a, chosen: new Set(), captchaRequired: false, captchaToken: null })).toBe(true);
    expect(canSavePreferences({ initial: a, chosen: new Set(['y']), captchaRequired: true, captchaToken: null })).toBe(false);
    expect(canSavePreferences({ initial: a, chosen: new Set(['y']), captchaRequired: true, captchaToken: 'tok' })).toBe(true);
  });
  it("Submit needs a reason, and text for 'other'", () => {
    expect(canSubmitUnsubscribe(null, '')).toBe(false);
    expect(canSubmitUnsubscribe('spam', '')).toBe(true);
    expect(canSubmitUnsubscribe('other', '  ')).toBe(false);
    expect(canSubmitUnsubscribe('other', 'Too many')).toBe(true);
  });
});

describe('demo mode answers every list call with no server', () => {
  beforeEach(() => resetDemoEmailLists());
  it('save, double opt-in confirm once (a replay refused), unsubscribe', () => {
    const saved = demoSave({ Token: 'any', ActiveSubscriptions: ['list-newsletter', 'list-webinars'] });
    expect(saved.ConfirmationNeeded).toEqual(['list-webinars']);
    expect(demoConfirm().EmailList.Uid).toBe('list-webinars');
    expect(() => demoConfirm()).toThrow(DemoRefusal);
    expect(demoMine().items.every((s) => s.IsSubscribed)).toBe(true);
    expect(demoUnsubscribe({ Token: 'any', EmailListUid: 'list-newsletter', Reason: 'nolonger' }).Unsubscribed).toEqual(['list-newsletter']);
  });
});
