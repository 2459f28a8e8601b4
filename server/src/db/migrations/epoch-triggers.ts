/**
 * The triggers that raise the auth epoch (docs/design.md, "Caller cache"), shared by the
 * migrations that add them (`11-00-auth-epoch`, `05-00-admin-2fa`, `26T02-00-bound-epoch`,
 * `27T00-00-names-epoch`). Not a migration itself. What these functions write must never
 * change: migrations already run made their triggers with it. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

/** [trigger name, table, event]; an UPDATE event may name the columns that matter (`update of name`). */
export type EpochTrigger = [name: string, table: string, event: string];

/** Creates each trigger: one statement-level bump of `auth_epoch` (PostgreSQL: `auth_epoch_bump()` of migration 11-00). */
export async function createEpochTriggers(db: Db, triggers: readonly EpochTrigger[]): Promise<void> {
  for (const [name, table, event] of triggers) {
    if (isPg(db)) {
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)} for each statement execute function auth_epoch_bump()`.execute(db);
    } else {
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)} begin update auth_epoch set value = value + 1 where id = 1; end`.execute(
        db,
      );
    }
  }
}

/** Drops the triggers `createEpochTriggers` made. */
export async function dropEpochTriggers(db: Db, triggers: readonly EpochTrigger[]): Promise<void> {
  for (const [name, table] of triggers) {
    if (isPg(db)) await sql`drop trigger ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    else await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
}
