import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ReadyLazy<P> {
  /** Fetches the chunk once (a failed fetch is forgotten, so the next call tries again). */
  load(): Promise<ComponentType<P>>;
  /**
   * The component to render, the same one every time once chosen (a new component type would
   * remount and lose what was typed): the real component when its chunk has arrived before the
   * first render, else a lazy one.
   */
  component(): ComponentType<P> | LazyExoticComponent<ComponentType<P>>;
}

/**
 * A lazily loaded component that does not suspend when its chunk is already here. Why: a Suspense
 * fallback, once shown, holds the real content back for React's reveal throttle (300 ms), which was
 * most of the register form's time to interactive. Load it before the first render (app/index.tsx
 * waits for the first screen) and it renders at once.
 */
export function readyLazy<P>(importer: () => Promise<ComponentType<P>>): ReadyLazy<P> {
  let ready: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  let chosen: ComponentType<P> | LazyExoticComponent<ComponentType<P>> | null = null;
  const load = (): Promise<ComponentType<P>> => {
    pending ??= importer().then(
      (c) => (ready = c),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  return {
    load,
    component: () => (chosen ??= ready ?? lazy(() => load().then((c) => ({ default: c })))),
  };
}
