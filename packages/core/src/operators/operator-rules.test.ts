import { describe, expect, it } from 'vitest';
import { caseNumberInSubject, isOnline, operatorInitials, replyAddress, replyTokenOf } from './operator-rules.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567';

describe('operator rules', () => {
  it('initials from the first and last word, or the first two letters of one word', () => {
    expect(operatorInitials('Ada Lovelace')).toBe('AL');
    expect(operatorInitials('  grace  brewster murray hopper ')).toBe('GH');
    expect(operatorInitials('Zoë')).toBe('ZO');
    expect(operatorInitials('élodie durand')).toBe('ÉD');
    expect(operatorInitials('  ')).toBe('?');
  });
  it('online only while the deadline is ahead', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isOnline(new Date(now.getTime() + 1), now)).toBe(true);
    expect(isOnline(now, now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
  it('reply address round trip; another mailbox or domain, or a malformed token, is not a reply address', () => {
    const address = replyAddress('Support@Acme.example', TOKEN);
    expect(address).toBe(`Support+${TOKEN}@Acme.example`);
    expect(replyTokenOf(address.toUpperCase(), 'support@acme.example')).toBe(TOKEN);
    expect(replyTokenOf(`sales+${TOKEN}@acme.example`, 'support@acme.example')).toBeNull();
    expect(replyTokenOf(`support+${TOKEN}@evil.example`, 'support@acme.example')).toBeNull();
    expect(replyTokenOf('support+short@acme.example', 'support@acme.example')).toBeNull();
    expect(replyTokenOf('support@acme.example', 'support@acme.example')).toBeNull();
  });
  it('reads a case number from a subject', () => {
    expect(caseNumberInSubject('Re: [#1042] Printer on fire')).toBe(1042);
    expect(caseNumberInSubject('Re: hello')).toBeNull();
  });
});
