import { describe, expect, it } from 'vitest';
import { operatorInitials } from '@portico/core/operators/operator-rules';
import { avatarLetters } from './chat-message-view.tsx';

describe('the visitor sees the operator\'s initials beside a reply (issue 20)', () => {
  it('are the console\'s initials of the name: first and last word', () => {
    expect(avatarLetters('Ana Lee', 'Northwind')).toBe('AL');
    expect(avatarLetters('Ana Maria Lee', 'Northwind')).toBe('AL');
    expect(avatarLetters('ana', 'Northwind')).toBe('AN');
    for (const name of ['Ana Maria Lee', 'José de la Cruz', 'Ω mega']) expect(avatarLetters(name, 'Northwind')).toBe(operatorInitials(name));
  });
  it('an auto-reply or a nameless message shows the company\'s first letter', () => {
    expect(avatarLetters(null, 'Northwind')).toBe('N');
    expect(avatarLetters('  ', 'acme')).toBe('A');
  });
});
