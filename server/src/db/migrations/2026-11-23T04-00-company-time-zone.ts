/**
 * Each company's time zone (IANA name): its days for statistics, date filters, order
 * numbers and export file names. Existing companies get Asia/Shanghai, the product's
 * default (docs/design.md, "Time"). Never imports application code.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('time_zone').execute();
}
