import { describe, expect, it } from 'vitest';
import { ChatMessageType } from './chat-protocol.ts';
import { highestSeq, mergeChatMessages } from './chat-messages.ts';
import type { HeldChatMessage } from './chat-messages.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s)).toISOString();
function msg(over: Partial<HeldChatMessage>): HeldChatMessage {
  return {
    Uid: null, Seq: null, Case: { Uid: 'c1' }, Type: ChatMessageType.PersonReply, Comment: 'hi', Created: at(0),
    SeenDateTime: null, AgentName: null, PersonEmail: null, NewUvi: null, ClientId: null, ...over,
  };
}

describe('mergeChatMessages', () => {
  it('discards a message whose Uid is already held', () => {
    const held = [msg({ Uid: 'a', Seq: 1, Comment: 'one' })];
    const merged = mergeChatMessages(held, [msg({ Uid: 'a', Seq: 1, Comment: 'one' }), msg({ Uid: 'a', Seq: 1, Comment: 'one' })]);
    expect(merged).toHaveLength(1);
  });

  it('gives a local echo the Uid and Seq of the server echo with the same ClientId', () => {
    const local = msg({ ClientId: 'k1', Comment: 'same', Created: at(5) });
    const other = msg({ ClientId: 'k2', Comment: 'same', Created: at(6) });
    const merged = mergeChatMessages([local, other], [msg({ Uid: 'u2', Seq: 2, ClientId: 'k2', Comment: 'same', Created: at(7) })]);
    expect(merged.map((m) => [m.Uid, m.ClientId])).toEqual([['u2', 'k2'], [null, 'k1']]);
  });

  it('matches a local echo without ClientId by type and comment', () => {
    const merged = mergeChatMessages([msg({ Comment: 'hello' })], [msg({ Uid: 'u1', Seq: 1, Comment: 'hello' })]);
    expect(merged).toEqual([msg({ Uid: 'u1', Seq: 1, Comment: 'hello' })]);
  });

  it('does not take an operator message with the same text as the visitor echo', () => {
    const merged = mergeChatMessages([msg({ Comment: 'ok' })], [msg({ Uid: 'u1', Seq: 1, Comment: 'ok', Type: ChatMessageType.AgentReply })]);
    expect(merged.map((m) => m.Uid)).toEqual(['u1', null]);
  });

  it('sorts by Seq then Created, local echoes last', () => {
    const merged = mergeChatMessages(
      [msg({ Comment: 'pending', Created: at(1) })],
      [msg({ Uid: 'c', Seq: 3, Created: at(0), Comment: 'x' }), msg({ Uid: 'a', Seq: 1, Created: at(9), Comment: 'y' }), msg({ Uid: 'b', Seq: 2, Created: at(4), Comment: 'z' })],
    );
    expect(merged.map((m) => m.Uid)).toEqual(['a', 'b', 'c', null]);
    const bySeqTie = mergeChatMessages([], [msg({ Uid: 'late', Created: at(3) }), msg({ Uid: 'early', Created: at(2) })]);
    expect(bySeqTie.map((m) => m.Uid)).toEqual(['early', 'late']);
  });

  it('replays a history page over receive events without doubling (a reconnect)', () => {
    const events = [msg({ Uid: 'r1', Seq: 1, Type: 6, Comment: 'one' }), msg({ Uid: 'r2', Seq: 2, Type: 6, Comment: 'two' })];
    const history = [1, 2, 3].map((s) => msg({ Uid: `r${s}`, Seq: s, Type: 6, Comment: `n${s}` }));
    const merged = mergeChatMessages(mergeChatMessages([], events), history);
    expect(merged.map((m) => m.Seq)).toEqual([1, 2, 3]);
    expect(highestSeq(merged)).toBe(3);
    expect(highestSeq([msg({})])).toBe(0);
  });

  it('resumes after the last Seq with none missing before it, so an event that overtook a page skips nothing', () => {
    const held = [1, 2, 3, 7].map((s) => msg({ Uid: `u${s}`, Seq: s, Comment: `m${s}` }));
    expect(highestSeq(held)).toBe(3);
  });
});
