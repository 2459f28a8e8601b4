/**
 * The applications a member is bound to (`application_staff`) decide whether they may claim
 * an order and which actions a list row offers; they are now read with the member's scope
 * and cached under the auth epoch (docs/design.md, "Caller cache"), so binding or unbinding
 * staff must raise the epoch too. Same bump as migration `11-00-auth-epoch`, own names.
 * Never imports application code.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

type Db = Kysely<any>;

const WATCHED: [name: string, event: string][] = [
  ['auth_epoch_application_staff_insert', 'insert'],
  ['auth_epoch_application_staff_update', 'update'],
  ['auth_epoch_application_staff_delete', 'delete'],
];

const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Db): Promise<void> {
  for (const [name, event] of WATCHED) {
    if (isPg(db)) {
      // auth_epoch_bump() is the function of migration 11-00.
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on application_staff for each statement execute function auth_epoch_bump()`.execute(db);
    } else {
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on application_staff begin update auth_epoch set value = value + 1 where id = 1; end`.execute(
        db,
      );
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name] of WATCHED) {
    if (isPg(db)) await sql`drop trigger ${sql.id(name)} on application_staff`.execute(db);
    else await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
}
