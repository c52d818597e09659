/**
 * The one clock every date rule reads. Real time by default; tests and the demo
 * may pin it (PORTICO_CLOCK or the admin clock call) except in production.
 */
export interface ServerClock {
  now(): Date;
  /** Pins the clock to a moment; later calls to now() advance from there in real time. */
  set(at: Date): void;
  reset(): void;
  /** Calls `fn` after every set or reset (the job runner wakes to run what became due); returns the unsubscribe. */
  onChange(fn: () => void): () => void;
  readonly adjustable: boolean;
  readonly offsetMs: number;
}

export function createClock(options: { initial?: string; adjustable: boolean; realNow?: () => number }): ServerClock {
  const realNow = options.realNow ?? Date.now;
  let offset = 0;
  const listeners = new Set<() => void>();
  const changed = () => { for (const fn of [...listeners]) fn(); };
  const clock: ServerClock = {
    adjustable: options.adjustable,
    get offsetMs() { return offset; },
    now: () => new Date(realNow() + offset),
    set(at: Date) {
      if (!options.adjustable) throw new Error('The clock cannot be changed in production mode.');
      offset = at.getTime() - realNow();
      changed();
    },
    reset() { offset = 0; changed(); },
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  if (options.initial) {
    const at = new Date(options.initial);
    if (Number.isNaN(at.getTime())) throw new Error(`PORTICO_CLOCK is not a date: ${options.initial}`);
    clock.set(at);
  }
  return clock;
}
