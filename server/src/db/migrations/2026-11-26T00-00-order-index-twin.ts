/**
 * `work_orders_company_id` on (company_id, id) is the twin of the unique
 * `work_orders_company_key` on the same columns (made later for the company-scoped foreign
 * keys, docs/design.md, "Tenancy"): every create wrote both. The key stays; it serves every
 * read the twin served. Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('work_orders_company_id').ifExists().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.createIndex('work_orders_company_id').ifNotExists().on('work_orders').columns(['company_id', 'id']).execute();
}
