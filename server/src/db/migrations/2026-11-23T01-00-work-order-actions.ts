/**
 * For the work-order actions: idempotent batch replies, old form values kept on records of
 * edits, and the index the "my work orders" views need. Never imports application code.
 */
import type { Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_user_key', ['company_id', 'user_id', 'key'])
    .execute();
  await db.schema.alterTable('work_order_records').addColumn('detail', 'text').execute();
  await db.schema.createIndex('work_orders_creator').on('work_orders').columns(['company_id', 'creator_staff_id', 'id']).execute();
  await db.schema.createIndex('work_order_records_actor').on('work_order_records').columns(['company_id', 'actor_staff_id', 'action']).execute();
  await db.schema.createIndex('work_orders_completed').on('work_orders').columns(['company_id', 'completed_at']).execute();
  await db.schema.createIndex('work_order_records_target').on('work_order_records').columns(['company_id', 'target_staff_id', 'action']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('work_order_records_target').execute();
  await db.schema.dropIndex('work_orders_completed').execute();
  await db.schema.dropIndex('work_order_records_actor').execute();
  await db.schema.dropIndex('work_orders_creator').execute();
  await db.schema.alterTable('work_order_records').dropColumn('detail').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
