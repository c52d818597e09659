import { describe, expect, it } from 'vitest';
import { redactedUrl } from './logged-request.ts';

describe('request URLs in logs', () => {
  it('hide the chat credentials in the query and keep the rest', () => {
    expect(redactedUrl('/api/v1/chats/c1/documents/d1/data?name=a.png&access_token=eyJhbGciOi.x.y')).toBe('/api/v1/chats/c1/documents/d1/data?name=a.png&access_token=…');
    expect(redactedUrl('/api/v1/chats/c1/documents?uvi=vABC&x=1')).toBe('/api/v1/chats/c1/documents?uvi=…&x=1');
    expect(redactedUrl('/api/v1/profile?fields=Email')).toBe('/api/v1/profile?fields=Email');
  });
});
