/**
 * PostgreSQL: the single-column foreign keys of work orders and their history that a
 * company-scoped one implies go (docs/design.md, "Implied foreign keys").
 * `work_orders.handler_id -> staff(id)` holds whenever `(company_id, handler_id) ->
 * staff(company_id, id)` does, and `company_id -> companies(id)` whenever the order's
 * application (never null) is one of the company's; the same for every column below. Each
 * was a trigger and a query on every insert: 7 of a public create's 14 foreign-key checks,
 * and those checks were ~19 % of PostgreSQL's work on a create (perf, 2026-11-28). All
 * were NO ACTION, like the company-scoped ones that stay, so what a delete or an update
 * may do is unchanged. SQLite keeps them: it would have to rebuild the tables, and its
 * checks cost little. Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

/** Table, column, referenced table. */
const IMPLIED: [string, string, string][] = [
  ['work_orders', 'company_id', 'companies'],
  ['work_orders', 'application_id', 'applications'],
  ['work_orders', 'template_id', 'templates'],
  ['work_orders', 'category_id', 'categories'],
  ['work_orders', 'handler_id', 'staff'],
  ['work_orders', 'requester_id', 'requesters'],
  ['work_orders', 'creator_staff_id', 'staff'],
  ['work_order_records', 'work_order_id', 'work_orders'],
  ['work_order_records', 'company_id', 'companies'],
  ['work_order_records', 'actor_staff_id', 'staff'],
  ['work_order_records', 'target_staff_id', 'staff'],
];

export async function up(db: Db): Promise<void> {
  if (!isPg(db)) return;
  for (const [table, column] of IMPLIED) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_${column}_fkey`)}`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (!isPg(db)) return;
  for (const [table, column, target] of IMPLIED) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_fkey`)} foreign key (${sql.id(column)}) references ${sql.table(target)} (id)`.execute(
      db,
    );
  }
}
