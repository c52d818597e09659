import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('replaces each of & < > " \' with its numeric reference', () => {
    expect(escapeHtml('&')).toBe('&#38;');
    expect(escapeHtml('<')).toBe('&#60;');
    expect(escapeHtml('>')).toBe('&#62;');
    expect(escapeHtml('"')).toBe('&#34;');
    expect(escapeHtml("'")).toBe('&#39;');
  });
  it('escapes markup and attribute breakouts, every occurrence, and leaves other text as it is', () => {
    expect(escapeHtml('<script>alert("x")</script>')).toBe('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(escapeHtml('" onmouseover=\'x\'')).toBe('&#34; onmouseover=&#39;x&#39;');
    expect(escapeHtml('Acme & Co && more')).toBe('Acme &#38; Co &#38;&#38; more');
    expect(escapeHtml('Grüße, 3 × 5 € / 100%')).toBe('Grüße, 3 × 5 € / 100%');
    expect(escapeHtml('')).toBe('');
  });
  it('escapes an existing reference again, so text is never read as markup', () => {
    expect(escapeHtml('&amp; &#60;')).toBe('&#38;amp; &#38;#60;');
  });
  it('keeps a link usable in an href: its & separators become &#38;, which the browser reads back as &', () => {
    expect(escapeHtml('https://shop.example/?a=1&token=x')).toBe('https://shop.example/?a=1&#38;token=x');
  });
});
