import { rateLimitRows } from '../http/rate-limits.ts';

/** The chat's limits (issue 19; docs/chat.md "Limits"), in the one table (src/features.ts). The hub's rows count events (socketLimiter). */
export const CHAT_RATE_LIMITS = rateLimitRows({
  chatConnect: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'events',
    protects: 'Connection floods from one address: every chat hub handshake may create a visitor row (connect_error RateLimited).',
  },
  chatMessages: {
    max: 30, windowMs: 60_000, key: 'visitor', counts: 'events',
    protects: 'Message floods from one visitor: each send stores a message (ack Errors.TooManyRequests, nothing stored).',
  },
  chatUploads: {
    max: 10, windowMs: 10 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Upload floods: POST /chats/{caseUid}/documents stores up to 4 MB per file.',
  },
});
