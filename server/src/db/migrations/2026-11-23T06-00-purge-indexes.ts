/**
 * Indexes for the hourly purge (modules/maintenance/purge.ts): it deletes sessions by
 * expiry and idempotency keys by age, which without these scans the whole table.
 * Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('idempotency_keys_created_at_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created_at_idx').execute();
  await db.schema.dropIndex('sessions_expires_at_idx').execute();
}
