/** The database handle services pass down: the app's `db` or an open transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

export type Db = Kysely<DB> | Transaction<DB>;
