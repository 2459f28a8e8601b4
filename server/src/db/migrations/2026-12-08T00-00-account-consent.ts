/**
 * Accounts are their owners' (docs/decisions/0001-account-consent.md):
 * - `users.claimed_at`: when the owner first chose a password (invitation, own change,
 *   recovery), null while only an administrator's password was ever set. An invitation is
 *   only for an unclaimed account; an administrator's reset does not make it unclaimed.
 * - `membership_requests`: a company asking an existing account to join it (7 days); the
 *   owner accepts or declines while signed in, and only then is a member row written.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('claimed_at', ts).execute();
  // Every account whose password is not an administrator's has been its owner's.
  await db
    .updateTable('users')
    .set({ claimed_at: sql`updated_at` })
    .where('must_change_password', '=', 0)
    .execute();
  await db.schema
    .createTable('membership_requests')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('department_id', 'integer')
    .addColumn('position_id', 'integer')
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('decided_at', ts)
    /** accepted, declined or withdrawn (a newer request of the same company replaces it). */
    .addColumn('decision', 'varchar(16)')
    .execute();
  await db.schema.createIndex('membership_requests_user_idx').on('membership_requests').columns(['user_id', 'decided_at']).execute();
  await db.schema.createIndex('membership_requests_company_idx').on('membership_requests').columns(['company_id', 'user_id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('membership_requests').execute();
  await db.schema.alterTable('users').dropColumn('claimed_at').execute();
}
