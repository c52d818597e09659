import { describe, expect, it } from 'vitest';
import { CHAT_LIBRARY_RECONNECT_DELAY_MS, CHAT_RECONNECT_ATTEMPTS, CHAT_RECONNECT_INTERVAL_MS } from './chat-protocol.ts';
import { reconnectDelay } from './chat-reconnect.ts';
import { startsAtLoad } from './chat-start.ts';
import { attachmentHref, findLinks, parseAttachment } from './chat-text.ts';

describe('reconnect schedule', () => {
  it('is the library delay, then the spec attempts, then stop', () => {
    const delays: number[] = [];
    for (let failures = 0; ; failures += 1) {
      const d = reconnectDelay(failures);
      if (d === null) break;
      delays.push(d);
    }
    expect(delays).toEqual([CHAT_LIBRARY_RECONNECT_DELAY_MS, ...Array(CHAT_RECONNECT_ATTEMPTS).fill(CHAT_RECONNECT_INTERVAL_MS)]);
    expect(delays).toEqual([2000, 30000, 30000, 30000]);
  });
});

describe('start rule', () => {
  it('starts at load only on a page with the chat, opened earlier or signed in', () => {
    expect(startsAtLoad(true, false, false)).toBe(false);
    expect(startsAtLoad(true, true, false)).toBe(true);
    expect(startsAtLoad(true, false, true)).toBe(true);
    expect(startsAtLoad(false, true, true)).toBe(false);
  });
});

describe('findLinks', () => {
  it('splits text and links, leaving trailing punctuation as text', () => {
    expect(findLinks('See https://example.com/a?b=1, or www.example.org.')).toEqual([
      { text: 'See ' }, { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' }, { text: ', or ' },
      { text: 'www.example.org', href: 'https://www.example.org' }, { text: '.' },
    ]);
  });
  it('makes no link of other schemes or plain words', () => {
    expect(findLinks('javascript:alert(1) and file:///etc/passwd')).toEqual([{ text: 'javascript:alert(1) and file:///etc/passwd' }]);
    expect(findLinks('')).toEqual([]);
  });
});

describe('parseAttachment', () => {
  it('reads kind, url and name', () => {
    expect(parseAttachment('attachment|image|/api/v1/chats/c1/documents/d1/data?name=cat%20photo.png')).toEqual({
      kind: 'image', url: '/api/v1/chats/c1/documents/d1/data?name=cat%20photo.png', name: 'cat photo.png',
    });
    expect(parseAttachment('attachment|file|/api/v1/chats/c1/documents/d2/data?name=report.pdf')?.kind).toBe('file');
  });
  it('is null for ordinary text, another kind, or a URL off the server (the credential never leaves it)', () => {
    expect(parseAttachment('hello')).toBeNull();
    expect(parseAttachment('attachment|video|/x?name=a')).toBeNull();
    expect(parseAttachment('attachment|image|https://evil.example/x.png?name=a')).toBeNull();
    expect(parseAttachment('attachment|image|//evil.example/x.png')).toBeNull();
  });
  it('appends the uvi or the access token on the server origin', () => {
    expect(attachmentHref('/api/v1/chats/c/documents/d/data?name=a.png', 'https://portico.example', { uvi: 'v1' })).toBe('https://portico.example/api/v1/chats/c/documents/d/data?name=a.png&uvi=v1');
    expect(attachmentHref('/api/v1/chats/c/documents/d/data?name=a.png', 'https://portico.example', { accessToken: 't' })).toContain('&access_token=t');
  });
});
