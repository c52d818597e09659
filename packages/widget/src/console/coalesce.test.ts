import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A run that ends when the test says so. */
function controlled() {
  const ends: (() => void)[] = [];
  let runs = 0;
  const work = () => { runs += 1; return new Promise<void>((resolve) => ends.push(resolve)); };
  return { work, runs: () => runs, finish: async () => { ends.shift()?.(); await new Promise((r) => setTimeout(r, 0)); } };
}

describe('coalesce', () => {
  it('a burst while a run is in flight makes exactly one more run after it', async () => {
    const c = controlled();
    const trigger = coalesce(c.work);
    trigger();
    trigger();
    trigger();
    trigger();
    expect(c.runs()).toBe(1);
    await c.finish();
    expect(c.runs()).toBe(2);
    await c.finish();
    expect(c.runs()).toBe(2);
  });

  it('a trigger when idle runs at once; a failed run does not stop the next', async () => {
    let runs = 0;
    const trigger = coalesce(async () => { runs += 1; throw new Error('network'); });
    trigger();
    await new Promise((r) => setTimeout(r, 0));
    trigger();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
  });
});
