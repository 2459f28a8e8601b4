/**
 * SMS codes and the outbox (docs/design.md, "Sign-in by SMS"). A code is stored only as a
 * salted hash, with its purpose, expiry, wrong tries and the time it was used; the outbox
 * holds the messages of the offline provider for the platform administrator to read.
 * Never imports application code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sms_codes')
    .addColumn('id', ...serialKey(db))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'purpose', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_expiry_idx').on('sms_codes').column('expires_at').execute();
  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', ...serialKey(db))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_created_idx').on('sms_outbox').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('sms_outbox').execute();
  await db.schema.dropTable('sms_codes').execute();
}
