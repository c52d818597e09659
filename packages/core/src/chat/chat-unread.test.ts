import { describe, expect, it } from 'vitest';
import { ChatMessageType } from './chat-protocol.ts';
import { countUnread, nextUnread } from './chat-unread.ts';
import type { HeldChatMessage } from './chat-messages.ts';

const m = (Type: HeldChatMessage['Type'], SeenDateTime: string | null): HeldChatMessage => ({
  Uid: 'u', Seq: 1, Case: { Uid: 'c' }, Type, Comment: 'x', Created: '2026-11-29T10:00:00Z', SeenDateTime, AgentName: null, PersonEmail: null, NewUvi: null, ClientId: null,
});

describe('unread counter', () => {
  it('counts agent and auto replies with no SeenDateTime', () => {
    expect(countUnread([m(ChatMessageType.AgentReply, null), m(ChatMessageType.AutoReply, null), m(ChatMessageType.AgentReply, '2026-11-29T10:01:00Z'), m(ChatMessageType.PersonReply, null)])).toBe(2);
  });
  it('adds one for an agent message while closed, none for the visitor own', () => {
    expect(nextUnread(2, { kind: 'received', message: { Type: ChatMessageType.AgentReply } }, false)).toEqual({ unread: 3, markRead: false });
    expect(nextUnread(2, { kind: 'received', message: { Type: ChatMessageType.PersonReply } }, false)).toEqual({ unread: 2, markRead: false });
  });
  it('resets to 0 and marks read on opening or receiving while open', () => {
    expect(nextUnread(4, { kind: 'opened' }, true)).toEqual({ unread: 0, markRead: true });
    expect(nextUnread(0, { kind: 'opened' }, true)).toEqual({ unread: 0, markRead: false });
    expect(nextUnread(1, { kind: 'received', message: { Type: ChatMessageType.AutoReply } }, true)).toEqual({ unread: 0, markRead: true });
  });
  it('takes a history load as the count when closed, and marks it read when open', () => {
    const list = [m(ChatMessageType.AgentReply, null), m(ChatMessageType.AgentReply, null)];
    expect(nextUnread(0, { kind: 'history', messages: list }, false)).toEqual({ unread: 2, markRead: false });
    expect(nextUnread(0, { kind: 'history', messages: list }, true)).toEqual({ unread: 0, markRead: true });
  });
});
