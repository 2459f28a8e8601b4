/**
 * The company setting "require two-factor for administrators" (docs/design.md, "Two-factor
 * required for administrators"): `companies.require_admin_2fa`, 0 by default. Whether a
 * session still owes an enrolment is read with the session and cached under the auth epoch
 * (docs/design.md, "Caller cache"), so the epoch must also rise when the setting changes and
 * when a TOTP enrolment is confirmed or removed; these triggers add that to the ones of
 * migration `11-00-auth-epoch` (same bump, own names). Never imports application code.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

type Db = Kysely<any>;

/** [trigger name, table, event]: the names differ from 11-00's, whose `companies` update trigger already exists. */
const WATCHED: [name: string, table: string, event: string][] = [
  ['auth_epoch_companies_admin_2fa', 'companies', 'update of require_admin_2fa'],
  ['auth_epoch_user_totp_confirm', 'user_totp', 'update of confirmed_at'],
  ['auth_epoch_user_totp_delete', 'user_totp', 'delete'],
];

const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('require_admin_2fa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
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
  await db.schema.alterTable('companies').dropColumn('require_admin_2fa').execute();
}
