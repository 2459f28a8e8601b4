/**
 * The schema as tests read it: the same tables with plain numbers for ids, so an
 * assertion can compare a column with an id taken from an HTTP reply. Application code
 * keeps the branded schema (src/db/schema.ts).
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Unbranded } from '@swo/contract';
import type { DB } from '../src/db/schema.ts';

type Plain<T> = T extends number ? Unbranded<T> : T;
type Column<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<Plain<S>, Plain<I>, Plain<U>> : Plain<T>;

export type LooseDB = { [Table in keyof DB]: { [C in keyof DB[Table]]: Column<DB[Table][C]> } };

/** The same connection, typed for assertions with plain ids. */
export const loose = (db: Kysely<DB>): Kysely<LooseDB> => db as unknown as Kysely<LooseDB>;
