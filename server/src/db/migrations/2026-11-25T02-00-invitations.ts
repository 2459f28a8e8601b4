/**
 * Invitations (docs/design.md, "Invitations"): a single-use link, valid 7 days, with which a
 * member added by an administrator chooses their own username and password. Only the
 * token's SHA-256 is kept. Never imports application code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addForeignKeyConstraint('invitations_staff_fk', ['company_id', 'staff_id'], 'staff', ['company_id', 'id'])
    .execute();
  await db.schema.createIndex('invitations_staff_idx').on('invitations').columns(['company_id', 'staff_id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
