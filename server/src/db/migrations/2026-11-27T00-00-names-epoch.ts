/**
 * The display names of an order row (its application, category and handler) are now kept
 * per process under the auth epoch instead of being looked up by every list page
 * (docs/design.md, "Display names"). Staff rows raise the epoch already (migration
 * `11-00-auth-epoch`); renaming or deleting an application or a category must raise it too.
 * Same bump as that migration, own names. Never imports application code.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

type Db = Kysely<any>;

const WATCHED: [name: string, table: string, event: string][] = [
  ['auth_epoch_applications_rename', 'applications', 'update of name'],
  ['auth_epoch_applications_delete', 'applications', 'delete'],
  ['auth_epoch_categories_rename', 'categories', 'update of name'],
  ['auth_epoch_categories_delete', 'categories', 'delete'],
];

const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Db): Promise<void> {
  for (const [name, table, event] of WATCHED) {
    if (isPg(db)) {
      // auth_epoch_bump() is the function of migration 11-00.
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)} for each statement execute function auth_epoch_bump()`.execute(db);
    } else {
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)} begin update auth_epoch set value = value + 1 where id = 1; end`.execute(
        db,
      );
    }
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name, table] of WATCHED) {
    if (isPg(db)) await sql`drop trigger ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    else await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
}
