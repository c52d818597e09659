import { EventEmitter } from 'node:events';
import { RedisLink, type LinkLog } from './redis-link.ts';

/**
 * Notifications that every server node must see (e.g. "the catalogue changed,
 * drop your cache"). In-process by default; through Redis pub/sub when
 * REDIS_URL is set, so several nodes behind a load balancer stay in step.
 *
 * While Redis is unreachable a message reaches only the node that publishes it (publishing never
 * fails or waits); when Redis is back every subscriber on every node is called once with an
 * empty message, meaning "messages may have been missed: drop what you cache". Handlers treat an
 * empty message that way (dropping a cache is always safe).
 */
export interface EventBus {
  publish(topic: string, message?: string): Promise<void>;
  subscribe(topic: string, handler: (message: string) => void): void;
  close(): Promise<void>;
  kind: 'memory' | 'redis';
  /** Why the bus is degraded (Redis unreachable), for /healthz; null when it is not. */
  health?(): string | null;
  /** The logger for the bus's switches (the app's); until given, they go to the console. */
  useLog?(log: LinkLog): void;
}

/** What /healthz says while the bus's Redis is unreachable. */
export const BUS_MEANWHILE = 'changes reach only the node that makes them';

const consoleLog: LinkLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  return {
    kind: 'memory',
    async publish(topic, message = '') { emitter.emit(topic, message); },
    subscribe(topic, handler) { emitter.on(topic, handler); },
    async close() { emitter.removeAllListeners(); },
  };
}

export async function redisBus(url: string, prefix = 'portico:', options: { probeMs?: number } = {}): Promise<EventBus> {
  const { Redis } = await import('ioredis'); // loaded only when REDIS_URL is set
  // The publisher does not queue while disconnected (a publish falls back at once); the subscriber
  // does, and ioredis subscribes it again after a reconnect.
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([pub.connect(), sub.connect()]);
  const local = new EventEmitter();
  let log = consoleLog;
  const link = new RedisLink([pub, sub], {
    what: 'event bus', meanwhile: BUS_MEANWHILE, probeMs: options.probeMs, log: { warn: (o, m) => log.warn(o, m), info: (o, m) => log.info(o, m) },
    onBack: () => {
      const topics = local.eventNames().map(String);
      if (topics.length) sub.subscribe(...topics.map((t) => prefix + t)).catch(() => undefined);
      // Messages published meanwhile by other nodes never arrived: every subscriber drops what it caches.
      for (const topic of topics) local.emit(topic, '');
    },
  });
  sub.on('message', (channel: string, message: string) => local.emit(channel.slice(prefix.length), message));
  return {
    kind: 'redis',
    async publish(topic, message = '') {
      let sent = false;
      if (pub.status === 'ready') {
        try {
          await pub.publish(prefix + topic, message);
          sent = true;
        } catch (err) {
          link.failed(err as Error);
        }
      }
      // This node hears its own messages through its subscriber; while that is cut off (or the
      // message could not be sent) it hears them directly, and the others catch up when Redis is back.
      if (!sent || !link.usable) local.emit(topic, message);
    },
    subscribe(topic, handler) {
      if (local.listenerCount(topic) === 0) sub.subscribe(prefix + topic).catch((err: Error) => link.failed(err));
      local.on(topic, handler);
    },
    health: () => link.problem(),
    useLog(next) { log = next; },
    async close() {
      link.close();
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
