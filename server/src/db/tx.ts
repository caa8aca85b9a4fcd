import type { Db } from './client';

/** A transaction handle of the database (same query API as `Db`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
