/**
 * QR sign-in tickets (docs/design.md, "Sign-in by QR code"). The table of the initial schema
 * was never written to, so it is made again in its final shape: the ticket the QR code
 * shows and the desktop's own poll secret, both hashed; the asking browser's address and
 * agent (shown to the approving phone); the status; who approved, from which session.
 * Never imports application code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema.dropTable('qr_logins').execute();
  await db.schema
    .createTable('qr_logins')
    .addColumn('id', ...serialKey(db))
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('poll_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('approver_session_id', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('decided_at', ts)
    .execute();
  await db.schema.createIndex('qr_logins_expiry_idx').on('qr_logins').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('qr_logins').execute();
  await db.schema
    .createTable('qr_logins')
    .addColumn('id', ...serialKey(db))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
}
