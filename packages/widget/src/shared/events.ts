/** Public events of window.Portico (docs/widget.md). */
export const PORTICO_EVENTS = [
  'accessToken.set', 'auth.initialized', 'auth.close', 'redirect', 'signup.registrationData',
  'signup.preRegister', 'signup', 'subscription.update', 'paymentInformation.update', 'profile.update', 'logout',
  // Signed in, signed out, a new token or an expired one: detail { user } (loader/host-state.ts).
  'session.changed',
  // The live chat's unread counter changed: detail { count } (chat/chat-entry.ts, which also draws the Chat triggers' badge).
  'chat.unread',
] as const;
export type PorticoEvent = (typeof PORTICO_EVENTS)[number];
export type PorticoListener = (detail: unknown) => void;

export function isPorticoEvent(name: string): name is PorticoEvent {
  return (PORTICO_EVENTS as readonly string[]).includes(name);
}

/** A tiny typed emitter; one listener throwing never stops the others. */
export function createEmitter() {
  const listeners = new Map<PorticoEvent, Set<PorticoListener>>();
  return {
    on(name: PorticoEvent, fn: PorticoListener): void {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(fn);
    },
    off(name: PorticoEvent, fn: PorticoListener): void {
      listeners.get(name)?.delete(fn);
    },
    emit(name: PorticoEvent, detail?: unknown): void {
      for (const fn of [...(listeners.get(name) ?? [])]) {
        try {
          fn(detail);
        } catch (err) {
          console.error(`[portico] listener for ${name} failed`, err);
        }
      }
    },
  };
}
export type Emitter = ReturnType<typeof createEmitter>;
