/**
 * In-app notifications and each person's notification preferences (docs/design.md,
 * "Notifications"). A notification names its company, its recipient (an account), the
 * event and the order, and keeps the order's number and title so the bell renders it
 * without joins. Preferences are per account and event; a missing row means "on". Never
 * imports application code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;
const ts = 'varchar(32)';

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('work_order_id', 'integer', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('read_at', ts)
    // The order is of the same company, as every tenant link (docs/design.md, "Tenancy").
    .addForeignKeyConstraint('notifications_order_fk', ['company_id', 'work_order_id'], 'work_orders', ['company_id', 'id'])
    .execute();
  // The bell's list: this person's notifications in this company, newest first (by id).
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'company_id', 'id']).execute();
  // The badge: with read_at in the key, the unread count is one range of this index.
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'company_id', 'read_at']).execute();
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'event'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
