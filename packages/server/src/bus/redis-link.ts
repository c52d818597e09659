import type { Redis } from 'ioredis';

/** Where a Redis user logs its switches (the app's logger). */
export interface LinkLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisLinkOptions {
  /** What the link carries, for the log and /healthz: 'rate limits', 'event bus'. */
  what: string;
  /** What the node does while Redis is unreachable: 'counting per node'. */
  meanwhile: string;
  log: LinkLog;
  /** How often a link that is down asks Redis whether it answers again (ms). */
  probeMs?: number;
  /** Runs once each time the link comes back, after the log line. */
  onBack?: () => void;
}

/**
 * Whether one feature's Redis connections can be used right now, decided from the connections'
 * own events (an error, a closed connection) and from commands that fail, and given back only
 * when Redis answers a PING again. Each change is logged once (warn when it goes, info when it is
 * back), never per request; `problem()` is the reason /healthz reports while it is down.
 * ioredis reconnects by itself; the link only watches.
 */
export class RedisLink {
  private down = false;
  private reason = '';
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;

  constructor(private readonly clients: Redis[], private readonly options: RedisLinkOptions) {
    for (const client of clients) {
      client.on('error', (err: Error) => this.failed(err));
      client.on('close', () => this.failed(new Error('connection closed')));
      client.on('ready', () => { void this.probe(); });
    }
  }

  /** True when every connection is ready and nothing has failed since Redis last answered. */
  get usable(): boolean {
    return !this.down && !this.closed && this.clients.every((c) => c.status === 'ready');
  }

  /** The reason for /healthz while Redis is unreachable, else null. */
  problem(): string | null {
    return this.down && !this.closed ? `${this.options.what}: Redis unreachable, ${this.options.meanwhile}` : null;
  }

  /** A connection or a command failed: switch to the fallback (logged on the first failure only). */
  failed(err: Error): void {
    if (this.closed) return;
    if (!this.down) {
      this.down = true;
      this.reason = err.message;
      this.options.log.warn({ reason: this.reason }, `${this.options.what}: Redis unreachable, ${this.options.meanwhile} until it is back`);
      this.timer = setInterval(() => { void this.probe(); }, this.options.probeMs ?? 1000);
      this.timer.unref();
    }
  }

  /** Asks Redis whether it answers again; on success the link is usable again (logged once). */
  private async probe(): Promise<void> {
    if (!this.down || this.closed || this.probing || !this.clients.every((c) => c.status === 'ready')) return;
    this.probing = true;
    try {
      await Promise.all(this.clients.map((c) => c.ping()));
      if (!this.down || this.closed) return;
      this.down = false;
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      this.options.log.info({ after: this.reason }, `${this.options.what}: Redis is back`);
      this.options.onBack?.();
    } catch {
      // Still not answering: the next probe (timer or 'ready') tries again.
    } finally {
      this.probing = false;
    }
  }

  /** Stops watching before the connections are closed on purpose (a shutdown is not an outage). */
  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
