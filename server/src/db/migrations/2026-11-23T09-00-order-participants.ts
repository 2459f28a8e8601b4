/**
 * What makes the `department` and `own` data scopes fast at a million orders
 * (docs/design.md, "Data scope"): the staff taking part in each order (handler, creator,
 * reviewer: one row per person and order, `roles` a bit set 1/2/4) with the order's
 * application and status, and live counters of orders per (application, status) and per
 * (participant, application, status). A scoped list then pages over indexes and totals from
 * counters instead of counting up to hundreds of thousands of visible rows.
 * Filled from the existing orders here; kept in the transaction of every change since.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('work_order_participants')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('work_order_id', 'integer', (c) => c.notNull())
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('roles', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_order_participants_pk', ['company_id', 'staff_id', 'work_order_id'])
    .addForeignKeyConstraint('work_order_participants_order_fk', ['company_id', 'work_order_id'], 'work_orders', ['company_id', 'id'])
    .addForeignKeyConstraint('work_order_participants_staff_fk', ['company_id', 'staff_id'], 'staff', ['company_id', 'id'])
    .execute();
  await db.schema
    .createIndex('work_order_participants_status')
    .on('work_order_participants')
    .columns(['company_id', 'staff_id', 'status', 'work_order_id'])
    .execute();
  await db.schema.createIndex('work_order_participants_order').on('work_order_participants').columns(['company_id', 'work_order_id']).execute();

  await db.schema
    .createTable('work_order_application_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_order_application_counts_pk', ['company_id', 'application_id', 'status'])
    .execute();
  await db.schema
    .createTable('work_order_participant_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_order_participant_counts_pk', ['company_id', 'staff_id', 'application_id', 'status'])
    .execute();
  // A status tab under the department scope pages each application's orders of that status.
  await db.schema.createIndex('work_orders_application_status').on('work_orders').columns(['company_id', 'application_id', 'status', 'id']).execute();

  await sql`insert into work_order_participants (company_id, staff_id, work_order_id, application_id, status, roles)
    select company_id, staff_id, work_order_id, application_id, status, sum(bit) from (
      select company_id, handler_id as staff_id, id as work_order_id, application_id, status, 1 as bit
        from work_orders where deleted_at is null and handler_id is not null
      union all
      select company_id, creator_staff_id, id, application_id, status, 2
        from work_orders where deleted_at is null and creator_staff_id is not null
      union all
      select distinct w.company_id, r.actor_staff_id, w.id, w.application_id, w.status, 4
        from work_order_records r join work_orders w on w.id = r.work_order_id and w.company_id = r.company_id
        where w.deleted_at is null and r.actor_staff_id is not null and r.action in ('examine_pass', 'examine_fail')
    ) x group by company_id, staff_id, work_order_id, application_id, status`.execute(db);
  await sql`insert into work_order_application_counts (company_id, application_id, status, count)
    select company_id, application_id, status, count(*) from work_orders where deleted_at is null
    group by company_id, application_id, status`.execute(db);
  await sql`insert into work_order_participant_counts (company_id, staff_id, application_id, status, count)
    select company_id, staff_id, application_id, status, count(*) from work_order_participants
    group by company_id, staff_id, application_id, status`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('work_orders_application_status').execute();
  await db.schema.dropTable('work_order_participant_counts').execute();
  await db.schema.dropTable('work_order_application_counts').execute();
  await db.schema.dropTable('work_order_participants').execute();
}
