/**
 * The auth epoch (docs/design.md, "Caller cache"): one counter that the database itself
 * raises, by triggers in the same transaction, whenever something a signed-in caller's
 * session, membership or permissions were read from changes: a session revoked or deleted;
 * an account's status, password, flags or names; any staff row; roles; role grants; menus;
 * a company's name, status or time zone. Each process caches callers per epoch and reads
 * the epoch once per request, so a revocation made by any process or machine applies to
 * the very next call everywhere. Order writes (including `companies.order_seq`) never
 * raise it. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';
import { createEpochTriggers, dropEpochTriggers, type EpochTrigger } from './epoch-triggers.ts';

type Db = Kysely<any>;

/** [table, event] pairs that raise the epoch; an UPDATE may name the columns that matter. */
const WATCHED: [table: string, event: string][] = [
  ['sessions', 'update of revoked_at, expires_at'],
  ['sessions', 'delete'],
  ['users', 'update of status, password_hash, must_change_password, username, nickname, is_platform_admin'],
  ['users', 'delete'],
  ['staff', 'insert'],
  ['staff', 'update'],
  ['staff', 'delete'],
  ['roles', 'update'],
  ['roles', 'delete'],
  ['role_grants', 'insert'],
  ['role_grants', 'update'],
  ['role_grants', 'delete'],
  ['menus', 'insert'],
  ['menus', 'update'],
  ['menus', 'delete'],
  ['companies', 'update of name, status, time_zone'],
  ['companies', 'delete'],
];

const TRIGGERS: EpochTrigger[] = WATCHED.map(([table, event]) => [`auth_epoch_${table}_${event.split(' ')[0]}`, table, event]);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('auth_epoch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('auth_epoch').values({ id: 1, value: 0 }).execute();
  if (isPg(db)) {
    await sql`create function auth_epoch_bump() returns trigger language plpgsql as $$
      begin update auth_epoch set value = value + 1 where id = 1; return null; end $$`.execute(db);
  }
  await createEpochTriggers(db, TRIGGERS);
}

export async function down(db: Db): Promise<void> {
  await dropEpochTriggers(db, TRIGGERS);
  if (isPg(db)) await sql`drop function auth_epoch_bump()`.execute(db);
  await db.schema.dropTable('auth_epoch').execute();
}
