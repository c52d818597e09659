import { describe, expect, it } from 'vitest';
import { redirectTarget } from './lead-form-calls.ts';

describe('redirectTarget (a lead form\'s PostSubmission redirect)', () => {
  it('keeps http(s) URLs, resolves a path on the host page\'s site, and drops any other scheme', () => {
    const here = 'https://northwind.example/pricing?x=1';
    expect(redirectTarget('https://other.example/thanks', here)).toBe('https://other.example/thanks');
    expect(redirectTarget('/demo-booked.html', here)).toBe('https://northwind.example/demo-booked.html');
    expect(redirectTarget('javascript:alert(1)', here)).toBeNull();
    expect(redirectTarget('data:text/html,<script>alert(1)</script>', here)).toBeNull();
  });
});
