/**
 * Indexes the organisation lists need (docs/design.md, "Organisation"): a category's
 * `used_by` counts its work orders and a position's counts its staff, which without these
 * scans every order or staff row of the company per item listed.
 * Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('work_orders_company_category').on('work_orders').columns(['company_id', 'category_id']).execute();
  await db.schema.createIndex('staff_company_position').on('staff').columns(['company_id', 'position_id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('staff_company_position').execute();
  await db.schema.dropIndex('work_orders_company_category').execute();
}
