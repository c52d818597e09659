import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import {
  CHAT_HUB_PATH, ChatRefusal, type ChatAck, type ChatClientToServer, type ChatMessage, type ChatServerToClient,
} from '@portico/core/chat/chat-protocol';
import { CHAT_CLIENT_ID_MAX_LENGTH, CHAT_VISITOR_ID } from '@portico/core/chat/chat-rules';
import { SUPPORT_EMAIL_MAX_LENGTH } from '@portico/core/support/support-limits';
import { AppError } from '../http/app-error.ts';
import { announceCaseChanged } from '../support/case-changed.ts';
import { socketLimiter } from '../http/rate-limits.ts';
import type { AppContext } from '../feature-module.ts';
import { chatDeps, markChatRead, visitorHistory, visitorSend, type ChatDelivery } from './chat-messages.ts';
import { CHAT_RATE_LIMITS } from './chat.rate-limits.ts';
import type { ChatVisitor } from './chat.repository.ts';
import { chatPresence, type ChatPresence } from './chat-presence.ts';

/** A new visitor id: `v` + 24 random bytes in base64url (CHAT_VISITOR_ID); valid only once its row exists. */
export const newVisitorId = (): string => `v${randomBytes(24).toString('base64url')}`;

interface SocketData {
  visitor: ChatVisitor;
  signedIn: boolean;
  /** The open case this connection last wrote to (visitorSend checks it is still open). */
  caseUid?: string;
}
type ChatSocket = Socket<ChatClientToServer, ChatServerToClient, Record<string, never>, SocketData>;

/** Socket.IO room of one visitor: every connection (tab, node) of that visitor is in it. */
const room = (visitorUid: string) => `visitor:${visitorUid}`;

const sendInput = z.object({
  ClientId: z.string().min(1).max(CHAT_CLIENT_ID_MAX_LENGTH),
  Comment: z.string(),
  Created: z.string().max(40).optional(),
  Type: z.literal(1),
  PersonEmail: z.string().trim().email().max(SUPPORT_EMAIL_MAX_LENGTH).nullish(),
}).strip();
const historyInput = z.object({ AfterSeq: z.number().int().min(0) }).strip();
const uidInput = z.object({ Uid: z.string().min(1).max(200) }).strip();
const emailInput = z.object({ Email: z.string().trim().email().max(SUPPORT_EMAIL_MAX_LENGTH) }).strip();

export interface ChatHubOptions {
  /** REDIS_URL: nodes share rooms through @socket.io/redis-adapter; absent, one node. */
  redisUrl?: string | undefined;
  /** Prefix of the adapter's Redis channels (tests give each run its own). */
  redisPrefix?: string | undefined;
}

export interface ChatHub extends ChatDelivery {
  io: Server<ChatClientToServer, ChatServerToClient, Record<string, never>, SocketData>;
  presence: ChatPresence;
}

function failure(err: unknown): ChatAck<never> {
  if (err instanceof AppError) return { ok: false, error: { ErrorCode: String(err.code), Message: err.message } };
  if (err instanceof z.ZodError) return { ok: false, error: { ErrorCode: ErrorCode.ValidationFailed, Message: err.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ') } };
  return { ok: false, error: { ErrorCode: ErrorCode.SystemError, Message: 'Something went wrong; try again.' } };
}

/**
 * The chat hub (issue 19; docs/chat.md): Socket.IO on the app's HTTP server at CHAT_HUB_PATH,
 * WebSocket only. The handshake decides who the visitor is (identity below); each call is checked
 * with zod, answers `ChatAck`, and never throws into Socket.IO. Messages reach a visitor through
 * their room, on every node when Redis is configured.
 */
export async function createChatHub(app: FastifyInstance, ctx: AppContext, options: ChatHubOptions): Promise<ChatHub> {
  const io = new Server<ChatClientToServer, ChatServerToClient, Record<string, never>, SocketData>(app.server, {
    path: CHAT_HUB_PATH, transports: ['websocket'], serveClient: false, maxHttpBufferSize: 64 * 1024,
    // A browser sends Origin on a WebSocket handshake: only the company's sites and the server's own may open the hub.
    allowRequest: (req, cb) => { const origin = req.headers.origin; cb(null, origin === undefined || ctx.allowedOrigins.has(origin)); },
  });
  const closers: (() => Promise<unknown>)[] = [];
  if (options.redisUrl) {
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
    const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix ?? 'portico:'}chat` }));
    closers.push(() => Promise.allSettled([pub.quit(), sub.quit()]));
  }

  const hub: ChatHub = {
    io,
    presence: undefined as unknown as ChatPresence,
    toVisitor(visitorUid: string, message: ChatMessage, exceptSocketId?: string) {
      const target = io.to(room(visitorUid));
      (exceptSocketId ? target.except(exceptSocketId) : target).emit('receive', message);
    },
  };
  const deps = chatDeps(ctx, hub);
  hub.presence = chatPresence({ uow: ctx.uow, clock: ctx.clock, bus: ctx.bus, emitLocal: (online) => io.local.emit('presence', { Online: online }) });
  const connects = socketLimiter(app, CHAT_RATE_LIMITS.chatConnect);
  const messages = socketLimiter(app, CHAT_RATE_LIMITS.chatMessages);

  // Identity (docs/chat.md "Identity"): a token makes the person's visitor; a uvi must be one we issued; none, a new one.
  io.use((socket, next) => {
    void (async () => {
      const ip = socket.handshake.address;
      if (!await connects.allow(ip)) return next(new Error(ChatRefusal.RateLimited));
      const authorization = (socket.handshake.auth as { Authorization?: unknown } | undefined)?.Authorization;
      const uvi = socket.handshake.query.uvi;
      if (typeof authorization === 'string' && authorization !== '') {
        let personUid: string;
        try { personUid = (await app.auth.verify(authorization, ip)).personUid; } catch { return next(new Error(ChatRefusal.InvalidToken)); }
        const visitor = await ctx.uow.chat.visitorOfPerson(personUid, newVisitorId(), ctx.clock.now());
        if (!visitor) return next(new Error(ChatRefusal.InvalidToken));
        socket.data = { visitor, signedIn: true };
        return next();
      }
      if (typeof uvi === 'string' && uvi !== '') {
        const visitor = CHAT_VISITOR_ID.test(uvi) ? await ctx.uow.chat.visitor(uvi) : null;
        // A person's visitor id opens their conversation only with their token.
        if (!visitor || visitor.personUid !== null) return next(new Error(ChatRefusal.InvalidVisitor));
        socket.data = { visitor, signedIn: false };
        return next();
      }
      if (uvi !== undefined && typeof uvi !== 'string') return next(new Error(ChatRefusal.InvalidVisitor));
      const visitor = await ctx.uow.chat.insertVisitor({ uid: newVisitorId(), personUid: null, email: null, created: ctx.clock.now() });
      socket.data = { visitor, signedIn: false };
      return next();
    })().catch((err: unknown) => {
      app.log.error({ err }, 'chat handshake failed');
      next(new Error('ServerError'));
    });
  });

  /**
   * The calls a visitor may make, built once per hub: each parses its input with zod and runs with the
   * socket it came on. Shared by every connection (no closures per socket: bench/chat-visitors.mjs).
   */
  const calls = new Map<string, { parse: ((raw: unknown) => unknown) | null; run: (socket: ChatSocket, input: never) => Promise<unknown> }>();
  const defineCall = <I>(name: keyof ChatClientToServer, parse: ((raw: unknown) => I) | null, run: (socket: ChatSocket, input: I) => Promise<unknown>) => {
    calls.set(name, { parse, run: run as (socket: ChatSocket, input: never) => Promise<unknown> });
  };
  defineCall('send', (raw) => sendInput.parse(raw), async (socket, input) => {
    if (!await messages.allow(socket.handshake.address, socket.data.visitor.uid)) throw new AppError(ErrorCode.TooManyRequests, 'Too many messages; wait a moment.');
    if (input.PersonEmail && !socket.data.signedIn && socket.data.visitor.email === null) await setEmail(socket, input.PersonEmail);
    const stored = await visitorSend(deps, socket.data.visitor, input, socket.id, socket.data.caseUid);
    socket.data.caseUid = stored.Case.Uid;
    // The echo tells a client that connected without the visitor id it now holds (also sent as updatePersonIdentifier).
    return socket.handshake.query.uvi !== socket.data.visitor.uid ? { ...stored, NewUvi: socket.data.visitor.uid } : stored;
  });
  defineCall('getHistory', (raw) => historyInput.parse(raw), (socket, input) => visitorHistory(deps, socket.data.visitor, input.AfterSeq));
  defineCall('markChatRead', (raw) => uidInput.parse(raw), async (socket, input) => { await markChatRead(deps, socket.data.visitor, input.Uid); return null; });
  defineCall('getUvi', null, async (socket) => socket.data.visitor.uid);
  defineCall('getPersonEmail', null, async (socket) => (await reload(socket)).email);
  defineCall('setPersonEmail', (raw) => emailInput.parse(raw), async (socket, input) => {
    if (socket.data.signedIn) throw new AppError(ErrorCode.Forbidden, 'Signed in, the chat uses your account\'s e-mail.');
    return setEmail(socket, input.Email);
  });

  /**
   * Every event of every socket, through one function: Socket.IO calls a catch-all listener with the socket
   * as `this` and the event's name first. An unknown name or a missing ack is ignored; any failure is
   * answered, never thrown into Socket.IO.
   */
  function onCall(this: ChatSocket, name: unknown, ...args: unknown[]): void {
    const call = typeof name === 'string' ? calls.get(name) : undefined;
    const ack = args[args.length - 1];
    if (!call || typeof ack !== 'function') return;
    void answer(this, call, name as string, args[0], ack as (reply: unknown) => void);
  }

  /** One acknowledged call: the answer, or the failure as `ChatAck`, never thrown. */
  async function answer(socket: ChatSocket, call: NonNullable<ReturnType<typeof calls.get>>, name: string, raw: unknown, ack: (reply: unknown) => void): Promise<void> {
    try {
      const input = call.parse ? call.parse(raw) : undefined;
      ack({ ok: true, data: await call.run(socket, input as never) });
    } catch (err) {
      if (!(err instanceof AppError) && !(err instanceof z.ZodError)) app.log.error({ err }, `chat ${name} failed`);
      ack(failure(err));
    }
  }

  io.on('connection', (socket: ChatSocket) => {
    // Socket.IO's advice for many idle connections: once socket.handshake is built from it, the HTTP
    // upgrade request is not needed; dropping it frees several KB per visitor (bench/chat-visitors.mjs).
    (socket.conn as unknown as { request: unknown }).request = null;
    const { visitor } = socket.data;
    void socket.join(room(visitor.uid));
    if (socket.handshake.query.uvi !== visitor.uid) socket.emit('updatePersonIdentifier', visitor.uid);
    void hub.presence.current().then((online) => socket.emit('presence', { Online: online }), () => undefined);
    socket.onAny(onCall);
  });

  async function reload(socket: ChatSocket): Promise<ChatVisitor> {
    socket.data.visitor = await ctx.uow.chat.visitor(socket.data.visitor.uid) ?? socket.data.visitor;
    return socket.data.visitor;
  }

  async function setEmail(socket: ChatSocket, email: string): Promise<string> {
    await ctx.uow.chat.setVisitorEmail(socket.data.visitor.uid, email);
    // The open chat's row now shows the address: the consoles hear it (outside a transaction, afterCommit runs at once).
    const open = await ctx.uow.chat.openCase(socket.data.visitor.uid);
    if (open) { const now = ctx.clock.now(); ctx.uow.afterCommit(() => announceCaseChanged(ctx.bus, open.uid, now)); }
    // This node's connections of the visitor hold it at once; another node's read it at their next connect (getPersonEmail reads the row).
    for (const s of await io.in(room(socket.data.visitor.uid)).local.fetchSockets()) s.data.visitor = { ...s.data.visitor, email };
    io.to(room(socket.data.visitor.uid)).emit('updatePersonEmail', email);
    return email;
  }

  // Fastify's close waits for open connections: drop this node's sockets first (their clients
  // reconnect elsewhere and resume with getHistory), then the engine and the adapter's Redis links.
  app.addHook('preClose', async () => {
    hub.presence.stop();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => { for (const close of closers) await close(); });
  return hub;
}
