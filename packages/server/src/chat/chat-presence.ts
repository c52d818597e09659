import type { EventBus } from '../bus/event-bus.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/** The bus topic a node publishes after an operator's presence changed: every node looks again. */
export const CHAT_PRESENCE_TOPIC = 'chat-presence';
/** How often a node looks whether a heartbeat expired (no event marks that moment). */
export const CHAT_PRESENCE_CHECK_MS = 2_000;

export interface ChatPresence {
  /** Whether an operator is online now (this node's last look, or a fresh one). */
  current(): Promise<boolean>;
  /** Looks again; when the answer changed, this node's visitors get `presence`. */
  refresh(): Promise<boolean>;
  stop(): void;
}

/**
 * Operator presence (docs/console.md "Presence"): the database holds each operator's expiry, so
 * every node reaches the same answer. Each node tells only its own sockets (`emitLocal`), when a
 * heartbeat on any node is announced on the bus, or when its timer finds an expiry passed.
 */
export function chatPresence(deps: { uow: UnitOfWork; clock: ServerClock; bus: EventBus; emitLocal: (online: boolean) => void }): ChatPresence {
  let known: boolean | null = null;
  let looking: Promise<boolean> | null = null;
  const look = async (): Promise<boolean> => {
    const now = deps.clock.now();
    // One store: an enabled operator whose online_until is ahead (the console's heartbeat, PUT /console/presence,
    // or the admin API's PUT /admin/chat/presence for an operator by email; operators/operator-presence.ts).
    const online = await deps.uow.operators.anyOnline(now);
    if (known !== null && known !== online) deps.emitLocal(online);
    known = online;
    return online;
  };
  const refresh = (): Promise<boolean> => {
    // One look at a time; a request meanwhile waits for the next one, so a change is never missed.
    const next = (looking ?? Promise.resolve(false)).catch(() => false).then(look);
    looking = next;
    return next;
  };
  deps.bus.subscribe(CHAT_PRESENCE_TOPIC, () => { void refresh().catch(() => undefined); });
  const timer = setInterval(() => { void refresh().catch(() => undefined); }, CHAT_PRESENCE_CHECK_MS);
  timer.unref();
  return {
    current: () => (known !== null ? Promise.resolve(known) : refresh()),
    refresh,
    stop: () => clearInterval(timer),
  };
}
