import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import type { IdempotencyRepository } from './idempotency.repository.ts';
import { AppError } from './app-error.ts';
import type { Caller } from './caller.ts';

/** The Idempotency-Key header as routes accept it: 8-200 visible ASCII characters once trimmed. */
export const idempotencyKeyHeader = z.string().trim().min(8).max(200).regex(/^[\x21-\x7e]+$/, 'must be 8-200 visible ASCII characters');

/** The `headers` schema of a route whose only header of its own is an optional Idempotency-Key (others pass). */
export const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeyHeader.optional() }).loose();

/**
 * What these helpers need of the unit of work (db/unit-of-work.ts): the idempotency table and a
 * transaction handing the same kind of unit over it. Written without the app's repository set, so
 * http/ knows no feature.
 */
export interface IdempotentUnitOfWork<U> {
  idempotency: IdempotencyRepository;
  transaction<R>(fn: (repos: U) => Promise<R>): Promise<R>;
}

export interface IdempotencyRequest {
  /** The operation, e.g. 'POST /crm/registrations'; callerScope() adds who asked. */
  scope: string;
  /** The client's Idempotency-Key; without one the work simply runs. */
  key: string | undefined;
  /** What makes two requests "the same request" (requestHash()). */
  requestHash: string;
}

export interface Answer<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** Hash of the parts that make two requests the same one (route parameters, body, file digests). */
export function requestHash(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Keys are per caller: one person's key never replays another's answer. */
export function callerScope(operation: string, caller: Caller): string {
  switch (caller.kind) {
    case 'person': return `${operation} person:${caller.personUid}`;
    case 'admin': return `${operation} admin`;
    case 'operator': return `${operation} operator:${caller.operatorUid}`;
    default: return `${operation} anonymous`;
  }
}

function conflict(): AppError {
  return new AppError(ErrorCode.Conflict, 'This Idempotency-Key was already used for a different request.', [
    { Field: 'headers.idempotency-key', ErrorCode: ErrorCode.Conflict, Message: 'Use a new key for a new request.' },
  ]);
}

/**
 * The stored answer of this key, read outside any transaction (null when there is none yet);
 * the same key with another request is the 409. For work that spends something before its
 * transaction (a captcha, a payment check): a retry after success must replay before that.
 */
export async function storedAnswer<T>(uow: Pick<IdempotentUnitOfWork<unknown>, 'idempotency'>, req: IdempotencyRequest): Promise<Answer<T> | null> {
  if (req.key === undefined) return null;
  const stored = await uow.idempotency.find(req.scope, req.key);
  if (!stored || stored.statusCode === 0) return null;
  if (stored.requestHash !== req.requestHash) throw conflict();
  return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
}

/**
 * Runs `work` in one transaction and, with a key, stores its answer in that same transaction:
 * a retry with the same key and the same request gets the stored answer without running again;
 * the same key with another request is a 409. Two identical requests at once: the key row is
 * claimed first, so the second waits for the first transaction and then replays its answer (or,
 * if the first failed and rolled back, runs itself). A failed request stores nothing, so fixing
 * the input and retrying with the same key works.
 */
export async function withIdempotency<T, U extends IdempotentUnitOfWork<U>>(
  uow: U, req: IdempotencyRequest, work: (repos: U) => Promise<{ statusCode: number; body: T }>,
): Promise<Answer<T>> {
  const { scope, key, requestHash: hash } = req;
  return uow.transaction(async (repos) => {
    if (key === undefined) return { ...(await work(repos)), replayed: false };
    if (!(await repos.idempotency.claim(scope, key, hash))) {
      const stored = await repos.idempotency.find(scope, key);
      // Gone between the claim and the read: it expired this instant; the client may retry.
      if (!stored) throw new AppError(ErrorCode.Conflict, 'This Idempotency-Key is being reused; try again.');
      if (stored.requestHash !== hash) throw conflict();
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    }
    const answer = await work(repos);
    await repos.idempotency.complete(scope, key, { statusCode: answer.statusCode, response: answer.body });
    return { ...answer, replayed: false };
  });
}

const NO_TWIN = Symbol('no twin holds the key');

/**
 * After a request with a key failed: if a twin with the same key and request holds or held the
 * key, waits for its transaction and returns its answer; null when there is none. Work that checks
 * things before its transaction (an email not taken yet, a nonce or captcha not spent yet) can fail
 * only because its twin just succeeded; the twin's answer is then this request's answer too.
 */
export async function twinAnswer<T>(uow: IdempotentUnitOfWork<Pick<IdempotentUnitOfWork<unknown>, 'idempotency'>>, req: IdempotencyRequest): Promise<Answer<T> | null> {
  const { scope, key, requestHash: hash } = req;
  if (key === undefined) return null;
  try {
    return await uow.transaction(async (repos) => {
      // Claiming waits for a twin's open transaction; a successful claim means no twin, and is rolled back.
      if (await repos.idempotency.claim(scope, key, hash)) throw NO_TWIN;
      const stored = await repos.idempotency.find(scope, key);
      if (!stored || stored.statusCode === 0 || stored.requestHash !== hash) return null;
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    });
  } catch (err) {
    if (err === NO_TWIN) return null;
    throw err;
  }
}
