import type { Db } from './database.ts';
import { REPOSITORIES, type Repositories } from './repository-registry.ts';

export type { Repositories };

/** Something to do once the outermost transaction has committed, or once it has rolled back. */
type Hook = () => Promise<void> | void;

export interface UnitOfWork extends Repositories {
  /**
   * Runs fn in one database transaction and hands it every feature's repositories bound to
   * that transaction. Inside fn, `repos.transaction` nests (a savepoint). Never use a
   * repository of the outer handle inside fn: PGlite has a single connection, so such a
   * query would wait for the transaction that waits for it.
   */
  transaction<T>(fn: (repos: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Runs after the outermost transaction commits (capture a payment, send mail); inside no
   * transaction, at once. A failing hook is reported to `onHookError`, never to the request
   * that already succeeded.
   */
  afterCommit(hook: Hook): void;
  /** Runs after the outermost transaction rolls back (cancel a payment intent the work had authorized). */
  afterRollback(hook: Hook): void;
}

export interface UnitOfWorkOptions {
  /** Where a failing after-commit or after-rollback hook is reported (the app logs it). */
  onHookError?: (err: unknown, when: 'afterCommit' | 'afterRollback') => void;
}

function bind(db: Db): Repositories {
  return Object.fromEntries(Object.entries(REPOSITORIES).map(([name, make]) => [name, make(db)])) as unknown as Repositories;
}

async function runHooks(hooks: Hook[], when: 'afterCommit' | 'afterRollback', options: UnitOfWorkOptions): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (err) {
      options.onHookError?.(err, when);
    }
  }
}

/**
 * The one way the app reaches its tables: every feature's repositories over one handle
 * (REPOSITORIES in repository-registry.ts), and a transaction handing the same set over the
 * transaction. A use case that writes several features' rows (a registration writes the
 * account, its person, the subscription, the invoice and the payment) does it in one commit.
 */
export function unitOfWork(db: Db, options: UnitOfWorkOptions = {}): UnitOfWork {
  return withHooks(db, options, null);
}

interface Pending { commit: Hook[]; rollback: Hook[] }

function withHooks(db: Db, options: UnitOfWorkOptions, pending: Pending | null): UnitOfWork {
  return {
    ...bind(db),
    async transaction<T>(fn: (repos: UnitOfWork) => Promise<T>): Promise<T> {
      const hooks: Pending = { commit: [], rollback: [] };
      if (pending) {
        // A savepoint: its after-commit hooks join the outer transaction's only if it succeeds (a
        // caught failure inside must not capture a payment for work that was undone); if it fails,
        // its after-rollback hooks run when the outer transaction ends, however that ends.
        let result: T;
        try {
          result = await db.transaction((tx) => fn(withHooks(tx as unknown as Db, options, hooks)));
        } catch (err) {
          pending.commit.push(...hooks.rollback);
          pending.rollback.push(...hooks.rollback);
          throw err;
        }
        pending.commit.push(...hooks.commit);
        pending.rollback.push(...hooks.rollback);
        return result;
      }
      let result: T;
      try {
        result = await db.transaction((tx) => fn(withHooks(tx as unknown as Db, options, hooks)));
      } catch (err) {
        await runHooks(hooks.rollback, 'afterRollback', options);
        throw err;
      }
      await runHooks(hooks.commit, 'afterCommit', options);
      return result;
    },
    afterCommit(hook) {
      if (pending) pending.commit.push(hook);
      else void runHooks([hook], 'afterCommit', options);
    },
    afterRollback(hook) {
      pending?.rollback.push(hook);
    },
  };
}
