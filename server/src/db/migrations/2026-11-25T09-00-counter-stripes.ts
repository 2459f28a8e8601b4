/**
 * No hot rows in the write path of an order (docs/design.md, "Counters and order numbers"):
 * - The three order counters (per status; per application and status; per participant,
 *   application and status) gain a `stripe` in their key. A PostgreSQL connection writes
 *   the stripe of its own backend, so two transactions never wait on the same counter row;
 *   readers add the stripes up, and the hourly purge folds the stripes of backends that are
 *   gone into stripe 0. SQLite writes stripe 0 (its writers take turns anyway). The tables
 *   are made again (their key changes) and refilled from the orders.
 * - Rate-limit windows likewise: one row per (route and caller key, stripe); a window's
 *   count is the sum of its live stripes. Made again empty (windows last a minute).
 * - On PostgreSQL each company numbers its orders from its own sequence
 *   (`work_order_no_<company id>`, created by a trigger on every new company and here for
 *   the existing ones, after their `order_seq`): `nextval` locks nothing, where the
 *   `companies.order_seq` row serialised every create of a company. SQLite keeps the column.
 * Never imports application code.
 */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

/** Each counter table with the columns of its key before the stripe. */
const COUNTERS = [
  ['work_order_status_counts', ['company_id', 'status']],
  ['work_order_application_counts', ['company_id', 'application_id', 'status']],
  ['work_order_participant_counts', ['company_id', 'staff_id', 'application_id', 'status']],
] as const;

async function makeCounters(db: Db, striped: boolean): Promise<void> {
  for (const [table, key] of COUNTERS) {
    await db.schema.dropTable(table).execute();
    let t: CreateTableBuilder<string, string> = db.schema.createTable(table).addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'));
    for (const col of key.slice(1)) t = t.addColumn(col, col === 'status' ? 'varchar(20)' : 'integer', (c) => c.notNull());
    if (striped) t = t.addColumn('stripe', 'integer', (c) => c.notNull().defaultTo(0));
    await t
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, striped ? [...key, 'stripe'] : [...key])
      .execute();
  }
  await sql`insert into work_order_status_counts (company_id, status, count)
    select company_id, status, count(*) from work_orders where deleted_at is null group by company_id, status`.execute(db);
  await sql`insert into work_order_application_counts (company_id, application_id, status, count)
    select company_id, application_id, status, count(*) from work_orders where deleted_at is null
    group by company_id, application_id, status`.execute(db);
  await sql`insert into work_order_participant_counts (company_id, staff_id, application_id, status, count)
    select company_id, staff_id, application_id, status, count(*) from work_order_participants
    group by company_id, staff_id, application_id, status`.execute(db);
}

async function makeRateLimits(db: Db, striped: boolean): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
  let t: CreateTableBuilder<string, string> = db.schema.createTable('rate_limit_hits').addColumn('key', 'varchar(255)', (c) => c.notNull());
  if (striped) t = t.addColumn('stripe', 'integer', (c) => c.notNull().defaultTo(0));
  await t
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', striped ? ['key', 'stripe'] : ['key'])
    .execute();
  await db.schema.createIndex('rate_limit_hits_window').on('rate_limit_hits').column('window_start').execute();
}

export async function up(db: Db): Promise<void> {
  await makeCounters(db, true);
  await makeRateLimits(db, true);
  if (!isPg(db)) return;
  await sql`create function swo_company_order_seq() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        execute format('create sequence if not exists work_order_no_%s start with %s', new.id, new.order_seq + 1);
        return new;
      end if;
      execute format('drop sequence if exists work_order_no_%s', old.id);
      return old;
    end $$`.execute(db);
  await sql`create trigger companies_order_seq after insert or delete on companies
    for each row execute function swo_company_order_seq()`.execute(db);
  const companies = await sql<{ id: number; order_seq: number }>`select id, order_seq from companies`.execute(db);
  for (const c of companies.rows) {
    await sql.raw(`create sequence if not exists work_order_no_${Number(c.id)} start with ${Number(c.order_seq) + 1}`).execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (isPg(db)) {
    const companies = await sql<{ id: number }>`select id from companies`.execute(db);
    for (const c of companies.rows) {
      // The numbers handed out stay taken: the column goes on from the sequence.
      await sql.raw(`update companies set order_seq = (select last_value from work_order_no_${Number(c.id)}) where id = ${Number(c.id)}`).execute(db);
      await sql.raw(`drop sequence if exists work_order_no_${Number(c.id)}`).execute(db);
    }
    await sql`drop trigger if exists companies_order_seq on companies`.execute(db);
    await sql`drop function if exists swo_company_order_seq()`.execute(db);
  }
  await makeRateLimits(db, false);
  await makeCounters(db, false);
}
