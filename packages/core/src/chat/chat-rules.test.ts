import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from './chat-protocol.ts';
import { agentCommentProblem, attachmentComment, chatDocumentUrl, isAttachmentComment, visitorCommentProblem } from './chat-rules.ts';

describe('chat rules', () => {
  it('refuses empty, NUL and over-long visitor messages, keeps the rest as written', () => {
    expect(visitorCommentProblem('hello <script>')).toBeNull();
    expect(visitorCommentProblem('  \n')).toBe('empty');
    expect(visitorCommentProblem('a\u0000b')).toBe('nul');
    expect(visitorCommentProblem('x'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toBeNull();
    expect(visitorCommentProblem('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBe('tooLong');
    expect(agentCommentProblem('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBeNull();
  });

  it('writes attachment lines as image or file with the download url', () => {
    const url = chatDocumentUrl('c1', 'd1', 'a b.png');
    expect(url).toBe('/api/v1/chats/c1/documents/d1/data?name=a%20b.png');
    expect(attachmentComment('image/png', url)).toBe(`attachment|image|${url}`);
    expect(attachmentComment('application/pdf', url)).toBe(`attachment|file|${url}`);
    expect(isAttachmentComment('attachment|file|x')).toBe(true);
    expect(isAttachmentComment('an attachment|x')).toBe(false);
  });
});
