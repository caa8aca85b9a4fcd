// Local databases for Node tests: fake-indexeddb with one IDBFactory per database, so tests never share data.
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { AppDb } from '../../src/db/schema';

/** A fresh local database; pass the same factory to reopen it as a restarted tab would. */
export function openLocalDb(factory: IDBFactory = new IDBFactory()): AppDb {
  return new AppDb(`get-portal-test-${randomUUID()}`, { indexedDB: factory, IDBKeyRange });
}

/** Reopens a database by name with its factory (a restarted engine over the same data). */
export function reopenLocalDb(db: AppDb, factory: IDBFactory): AppDb {
  return new AppDb(db.name, { indexedDB: factory, IDBKeyRange });
}
