import { ErrorCode } from '@portico/core';
import { OPERATOR_PRESENCE_TTL_MS } from '@portico/core/operators/operator-rules';
import type { ServerClock } from '../clock/server-clock.ts';
import { AppError, notFound } from '../http/app-error.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/**
 * Operator presence, written once (docs/console.md "Presence"). The one store is the operator's
 * `online_until` (operators.repository.ts); the chat's presence (chat/chat-presence.ts, which decides
 * whether the widget shows the live chat or the offline panel) reads it. Two doors beat here: the
 * console's heartbeat (PUT /console/presence, the signed-in operator) and the admin API's
 * (PUT /admin/chat/presence, an operator named by email, for an integration that answers chats
 * through the admin API). `afterBeat` tells the chat on every node (the bus) and on this one (awaited,
 * so the answer comes after this node's visitors were told).
 */
export interface OperatorPresence {
  beat(operatorUid: string, online: boolean): Promise<{ Online: boolean; OnlineUntil: string | null; AnyOperatorOnline: boolean }>;
  /** The admin API's door: the operator by email; 404 when there is none, 409 when disabled. */
  beatByEmail(email: string, online: boolean): Promise<{ Online: boolean; OnlineUntil: string | null; AnyOperatorOnline: boolean }>;
}

export function operatorPresence(deps: { uow: UnitOfWork; clock: ServerClock; ttlMs?: number; afterBeat?: () => Promise<void> }): OperatorPresence {
  const ttl = deps.ttlMs ?? OPERATOR_PRESENCE_TTL_MS;
  const beat: OperatorPresence['beat'] = async (operatorUid, online) => {
    const now = deps.clock.now();
    const until = online ? new Date(now.getTime() + ttl) : null;
    await deps.uow.operators.setOnlineUntil(operatorUid, until);
    await deps.afterBeat?.();
    return { Online: online, OnlineUntil: until?.toISOString() ?? null, AnyOperatorOnline: await deps.uow.operators.anyOnline(now) };
  };
  return {
    beat,
    async beatByEmail(email, online) {
      const operator = await deps.uow.operators.byEmail(email);
      if (!operator) throw notFound(`No operator with the email '${email}'. Create one with POST /api/v1/admin/operators.`);
      if (operator.disabled && online) throw new AppError(ErrorCode.Conflict, 'This operator is disabled: a disabled operator is never online.');
      return beat(operator.uid, online);
    },
  };
}
