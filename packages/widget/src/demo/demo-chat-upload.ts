/**
 * POST /chats/{caseUid}/documents in demo mode: the name is checked as a server checks the content (a
 * type it refuses is refused), and the scripted operator's conversation lists the file (demo-chat.ts,
 * the chat-demo.js entry: this import resolves to the same module the chat session loaded).
 */
import { ErrorCode } from '@portico/core';
import { CONTENT_TYPE } from './demo-support.ts';
import { DemoRefusal } from './demo-transport.ts';
import { demoChatAttachment } from './demo-chat.ts';

export function demoChatUpload(file: Blob | undefined) {
  const name = file instanceof File ? file.name : 'file';
  const ext = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
  const contentType = CONTENT_TYPE[ext];
  if (!contentType) throw new DemoRefusal(400, ErrorCode.FileInvalidType, [{ Field: 'file', ErrorCode: ErrorCode.FileInvalidType, Message: `${name}: this file type can not be uploaded.` }]);
  return demoChatAttachment(name, contentType);
}
