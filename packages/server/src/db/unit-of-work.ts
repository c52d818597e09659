import type { Db } from './database.ts';

/**
 * The unit of work's mechanism, for any set of repositories. It knows no feature: the app's set is
 * composed from the feature modules (src/features.ts) and bound in src/unit-of-work.ts, which is
 * what use cases import.
 */
export type RepositoryFactories<R> = { [K in keyof R]: (db: Db) => R[K] };

/** Something to do once the outermost transaction has committed, or once it has rolled back. */
type Hook = () => Promise<void> | void;

export type UnitOfWorkOf<Repositories> = Repositories & UnitOfWorkControl<Repositories>;

export interface UnitOfWorkControl<Repositories> {
  /**
   * Runs fn in one database transaction and hands it every feature's repositories bound to
   * that transaction. Inside fn, `repos.transaction` nests (a savepoint). Never use a
   * repository of the outer handle inside fn: PGlite has a single connection, so such a
   * query would wait for the transaction that waits for it.
   */
  transaction<T>(fn: (repos: UnitOfWorkOf<Repositories>) => Promise<T>): Promise<T>;
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

function bind<R>(factories: RepositoryFactories<R>, db: Db): R {
  return Object.fromEntries(Object.entries(factories).map(([name, make]) => [name, (make as (db: Db) => unknown)(db)])) as R;
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
 * The one way the app reaches its tables: every repository of `factories` over one handle, and a
 * transaction handing the same set over the transaction. A use case that writes several features'
 * rows (a registration writes the account, its person, the subscription, the invoice and the
 * payment) does it in one commit.
 */
export function unitOfWorkOver<R>(factories: RepositoryFactories<R>, db: Db, options: UnitOfWorkOptions = {}): UnitOfWorkOf<R> {
  return withHooks(factories, db, options, null);
}

interface Pending { commit: Hook[]; rollback: Hook[] }

function withHooks<R>(factories: RepositoryFactories<R>, db: Db, options: UnitOfWorkOptions, pending: Pending | null): UnitOfWorkOf<R> {
  return {
    ...bind(factories, db),
    async transaction<T>(fn: (repos: UnitOfWorkOf<R>) => Promise<T>): Promise<T> {
      const hooks: Pending = { commit: [], rollback: [] };
      if (pending) {
        // A savepoint: its after-commit hooks join the outer transaction's only if it succeeds (a
        // caught failure inside must not capture a payment for work that was undone); if it fails,
        // its after-rollback hooks run when the outer transaction ends, however that ends.
        let result: T;
        try {
          result = await db.transaction((tx) => fn(withHooks(factories, tx as unknown as Db, options, hooks)));
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
        result = await db.transaction((tx) => fn(withHooks(factories, tx as unknown as Db, options, hooks)));
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
