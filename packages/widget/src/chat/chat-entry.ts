/**
 * dist/chunks/chat.js, an entry of its own (vite.config.ts): the page's one chat session. The loader
 * imports it by URL when the start rule says so at load (loader/chat-start.ts), the chat screen by a
 * relative import that resolves to the same file, so both get the same module and the same session.
 * It imports no React and no socket.io until the chat starts: the transport loads then (socket-link.ts,
 * or in demo mode the scripted operator, demo/demo-chat.ts, with no connection at all).
 */
import type { Runtime } from '../shared/runtime-types.ts';
import { createChatSession } from './chat-session.ts';
import { showUnreadOnTriggers } from './chat-badge.ts';
import type { ChatSession } from './chat-session.ts';
import type { OpenChatLink } from './chat-link.ts';

const sessions = new WeakMap<Runtime, ChatSession>();

/**
 * The transport's chunk (an entry with a stable name, vite.config.ts), by URL beside this file: a plain
 * import() here would take Vite's import helper from app.js along, and chat.js must not import app.js.
 */
function loadChunk<T>(file: string): Promise<T> {
  return import(/* @vite-ignore */ new URL(file, import.meta.url).href) as Promise<T>;
}

/** A browser storage, or null where it is blocked (sandboxed frames). */
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export function chatSessionFor(runtime: Runtime): ChatSession {
  let session = sessions.get(runtime);
  if (!session) {
    const demo = runtime.config.demo;
    session = createChatSession({
      server: runtime.config.server,
      token: runtime.token,
      // The loader's token store decodes the payload (TokenApi.payload, the decoder readClaims uses); readClaims itself
      // lives in app.js, and importing it here would make chat.js download the whole app when the chat starts at load.
      personOf: () => {
        const sub = runtime.token.payload()?.sub;
        return typeof sub === 'string' && sub !== '' ? sub : null;
      },
      emitUnread: (count) => {
        showUnreadOnTriggers(count);
        runtime.events.emit('chat.unread', { count });
      },
      loadLink: () => (demo
        ? loadChunk<{ openDemoChatLink: OpenChatLink }>('chat-demo.js').then((m) => m.openDemoChatLink)
        : loadChunk<{ openSocketLink: OpenChatLink }>('chat-socket.js').then((m) => m.openSocketLink)),
      // Demo mode keeps nothing in the visitor's storage (as its token store does).
      localStorage: demo ? null : storage('localStorage'),
      sessionStorage: demo ? null : storage('sessionStorage'),
      clock: { now: () => new Date(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
      // getRandomValues, not randomUUID: a host page served over plain http is no secure context.
      newClientId: () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
      warn: (message) => console.warn(message),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      parentUrl: location.href,
    });
    sessions.set(runtime, session);
  }
  return session;
}

/** The loader's start at page load (the start rule): the session starts; the panel is not opened. */
export function startChat(runtime: Runtime): void {
  chatSessionFor(runtime).start();
}
