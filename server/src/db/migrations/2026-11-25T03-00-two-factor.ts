/**
 * Two-factor sign-in (docs/design.md, "Two-factor sign-in"): a TOTP secret per account
 * (pending until confirmed with a code), single-use recovery codes kept as SHA-256, and the
 * challenges a sign-in gets instead of a session while the second step is owed (their
 * tokens hashed too). Sessions gain `last_seen_at` for the account page's session list.
 * Never imports application code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('confirmed_at', ts)
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', ...serialKey(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', ...serialKey(db))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('two_factor_challenges_expiry_idx').on('two_factor_challenges').column('expires_at').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', ts).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}
