import { OPERATOR_PRESENCE_TTL_MS } from '@portico/core/operators/operator-rules';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/**
 * Operator presence as the console reports it (PUT /console/presence). One store: the operator's
 * `online_until` (operators.repository.ts). SEAM (chat merge, docs/console.md "Presence"): the
 * chat's presence (chat/chat-presence.ts, which decides whether the widget shows the live chat)
 * must read this same store — its `operatorsOnlineUntil` becomes `repos.operators` — and `afterBeat`
 * is where the console's heartbeat tells it (bus publish CHAT_PRESENCE_TOPIC + presence.refresh()).
 */
export interface ConsolePresence {
  beat(operatorUid: string, online: boolean): Promise<{ Online: boolean; OnlineUntil: string | null; AnyOperatorOnline: boolean }>;
}

export function consolePresence(deps: { uow: UnitOfWork; clock: ServerClock; ttlMs?: number; afterBeat?: () => Promise<void> }): ConsolePresence {
  const ttl = deps.ttlMs ?? OPERATOR_PRESENCE_TTL_MS;
  return {
    async beat(operatorUid, online) {
      const now = deps.clock.now();
      const until = online ? new Date(now.getTime() + ttl) : null;
      await deps.uow.operators.setOnlineUntil(operatorUid, until);
      await deps.afterBeat?.();
      return { Online: online, OnlineUntil: until?.toISOString() ?? null, AnyOperatorOnline: await deps.uow.operators.anyOnline(now) };
    },
  };
}
