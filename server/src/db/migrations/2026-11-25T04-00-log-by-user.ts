/**
 * The account centre's recent activity reads a person's own operation-log rows, newest
 * first (docs/design.md, "Account pages"): an index on (user_id, id) serves it without a
 * scan of the log. Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('operation_logs_user').on('operation_logs').columns(['user_id', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('operation_logs_user').execute();
}
