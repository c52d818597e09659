import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_RERENDER, registerGoogleButton, scheduleButtonRerender, type GoogleIdApi } from './google-identity.ts';

describe('one Google callback per page, several buttons', () => {
  // Like Google's script: initialize keeps only the last callback.
  let callback: ((r: { credential?: string }) => void) | null = null;
  let initializations = 0;
  const gsi: GoogleIdApi = { initialize: (o) => { callback = o.callback; initializations++; } };
  const got: string[] = [];
  const signUp = { current: (t: string) => { got.push(`signup:${t}`); } };
  const logIn = { current: (t: string) => { got.push(`login:${t}`); } };

  it('the credential goes to the button that was clicked, not to the widget that initialized last', () => {
    const a = registerGoogleButton(gsi, 'client-1', 'signup', signUp);
    const b = registerGoogleButton(gsi, 'client-1', 'signin', logIn);
    expect(initializations).toBe(1);
    a.claim();
    callback!({ credential: 'one' });
    b.claim();
    callback!({ credential: 'two' });
    // No click seen (One Tap): the button mounted last.
    callback!({ credential: 'three' });
    expect(got).toEqual(['signup:one', 'login:two', 'login:three']);
    b.remove();
    callback!({ credential: 'four' });
    a.remove();
    callback!({ credential: 'five' });
    expect(got.slice(3)).toEqual(['signup:four']);
  });
});

describe('the button rendered again after a sign-in attempt (spec 2: 1000 ms, retry at 100 ms)', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('renders once, 1000 ms after the credential was handed over', () => {
    vi.useFakeTimers();
    const render = vi.fn(() => true);
    scheduleButtonRerender(render);
    vi.advanceTimersByTime(999);
    expect(render).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(render).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('while the slot is not ready, tries again every 100 ms, a few times only', () => {
    vi.useFakeTimers();
    let ready = false;
    const render = vi.fn(() => ready);
    scheduleButtonRerender(render);
    vi.advanceTimersByTime(1000);
    expect(render).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(render).toHaveBeenCalledTimes(2);
    ready = true;
    vi.advanceTimersByTime(100);
    expect(render).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000);
    expect(render).toHaveBeenCalledTimes(3);

    // A slot that never becomes ready: the first try and BUTTON_RERENDER.retries more, then it stops.
    const never = vi.fn(() => false);
    scheduleButtonRerender(never);
    vi.advanceTimersByTime(10_000);
    expect(never).toHaveBeenCalledTimes(1 + BUTTON_RERENDER.retries);
  });

  it('the cancel (unmount) stops a pending render and a pending retry', () => {
    vi.useFakeTimers();
    const render = vi.fn(() => true);
    scheduleButtonRerender(render)();
    vi.advanceTimersByTime(2000);
    expect(render).not.toHaveBeenCalled();

    const notReady = vi.fn(() => false);
    const cancel = scheduleButtonRerender(notReady);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(2000);
    expect(notReady).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
