import { describe, expect, it } from 'vitest';
import { readyLazy } from './ready-lazy.ts';

const Screen = () => null;

describe('readyLazy: a lazy component that does not suspend once its chunk is here', () => {
  it('gives the component itself when it loaded before the first render, the same one every time', async () => {
    let imports = 0;
    const screen = readyLazy(async () => {
      imports += 1;
      return Screen;
    });
    await Promise.all([screen.load(), screen.load()]);
    expect(imports).toBe(1);
    expect(screen.component()).toBe(Screen);
    expect(screen.component()).toBe(screen.component());
  });

  it('gives a lazy component when asked before the chunk arrived, and keeps it (a new type would remount the screen)', async () => {
    const screen = readyLazy(async () => Screen);
    const first = screen.component();
    expect(first).not.toBe(Screen);
    expect((first as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    await screen.load();
    expect(screen.component()).toBe(first);
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const screen = readyLazy(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return Screen;
    });
    await expect(screen.load()).rejects.toThrow('offline');
    await expect(screen.load()).resolves.toBe(Screen);
  });
});
