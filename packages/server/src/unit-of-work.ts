import type { Db } from './db/database.ts';
import { unitOfWorkOver, type UnitOfWorkOf, type UnitOfWorkOptions } from './db/unit-of-work.ts';
import { REPOSITORIES, type Repositories } from './features.ts';

export type { Repositories, UnitOfWorkOptions };

/** Every feature's repositories over one handle, with transactions (db/unit-of-work.ts); what use cases take. */
export type UnitOfWork = UnitOfWorkOf<Repositories>;

export function unitOfWork(db: Db, options: UnitOfWorkOptions = {}): UnitOfWork {
  return unitOfWorkOver(REPOSITORIES, db, options);
}
