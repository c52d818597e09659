/**
 * Announces the sessions whose row was just written (ended, or switched to another account),
 * from the one module that writes them (sessions.repository.ts) to the session caches of the
 * apps in this process (register-auth.ts wires each to its cache and to the event bus).
 * Announced when the statement runs, before its transaction commits: a cache then stops
 * trusting the uid (session-cache.ts keeps it out for a while), which is right whether the
 * transaction commits or rolls back.
 */
type Listener = (uids: readonly string[]) => void;
const listeners = new Set<Listener>();

export const sessionNotices = {
  announce(uids: readonly string[]): void {
    if (uids.length === 0) return;
    for (const listener of listeners) listener(uids);
  },
  /** Returns the function that stops listening (the app's close). */
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  },
};
