import { EventEmitter } from 'node:events';

/**
 * Notifications that every server node must see (e.g. "the catalogue changed,
 * drop your cache"). In-process by default; through Redis pub/sub when
 * REDIS_URL is set, so several nodes behind a load balancer stay in step.
 */
export interface EventBus {
  publish(topic: string, message?: string): Promise<void>;
  subscribe(topic: string, handler: (message: string) => void): void;
  close(): Promise<void>;
  kind: 'memory' | 'redis';
}

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  return {
    kind: 'memory',
    async publish(topic, message = '') { emitter.emit(topic, message); },
    subscribe(topic, handler) { emitter.on(topic, handler); },
    async close() { emitter.removeAllListeners(); },
  };
}

export async function redisBus(url: string, prefix = 'portico:'): Promise<EventBus> {
  const { Redis } = await import('ioredis'); // loaded only when REDIS_URL is set
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([pub.connect(), sub.connect()]);
  const local = new EventEmitter();
  sub.on('message', (channel: string, message: string) => local.emit(channel.slice(prefix.length), message));
  return {
    kind: 'redis',
    async publish(topic, message = '') { await pub.publish(prefix + topic, message); },
    subscribe(topic, handler) {
      if (local.listenerCount(topic) === 0) void sub.subscribe(prefix + topic);
      local.on(topic, handler);
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
