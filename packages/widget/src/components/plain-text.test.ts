import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './plain-text.ts';

describe('htmlToPlainText (node fallback)', () => {
  it('drops tags and the content of script and style', () => {
    expect(htmlToPlainText('<p>Hello <b>world</b><script>alert(1)</script><style>p{}</style></p>')).toBe('Hello world');
  });
  it('decodes the common entities once', () => {
    expect(htmlToPlainText('Tom &amp; Jerry &lt;3 &amp;lt;')).toBe('Tom & Jerry <3 &lt;');
  });
});
