/**
 * Composite foreign keys `(company_id, x) -> parent (company_id, id)` wherever a tenant row
 * points at another tenant row, so the database itself refuses a link across companies
 * (docs/design.md, tenancy). Each parent gets a unique `(company_id, id)` key to point at.
 *
 * PostgreSQL adds the constraints in place. SQLite cannot add a constraint to a table, so
 * each child table is rebuilt from its own stored definition plus the new clauses.
 * Never imports application code.
 */
import { sql, type Kysely } from 'kysely';
import { isPg } from './dialect.ts';

type Db = Kysely<any>;

/** child table -> [column, parent table] */
const LINKS: Record<string, [string, string][]> = {
  role_grants: [['role_id', 'roles']],
  staff: [
    ['department_id', 'departments'],
    ['position_id', 'positions'],
    ['role_id', 'roles'],
  ],
  template_versions: [['template_id', 'templates']],
  applications: [
    ['template_id', 'templates'],
    ['category_id', 'categories'],
  ],
  application_staff: [
    ['application_id', 'applications'],
    ['staff_id', 'staff'],
  ],
  work_orders: [
    ['application_id', 'applications'],
    ['template_id', 'templates'],
    ['category_id', 'categories'],
    ['handler_id', 'staff'],
    ['requester_id', 'requesters'],
    ['creator_staff_id', 'staff'],
  ],
  work_order_records: [
    ['work_order_id', 'work_orders'],
    ['actor_staff_id', 'staff'],
    ['target_staff_id', 'staff'],
  ],
};

const PARENTS = [...new Set(Object.values(LINKS).flatMap((l) => l.map(([, p]) => p)))];
const keyName = (parent: string) => `${parent}_company_key`;
const fkName = (child: string, column: string) => `${child}_${column}_company_fk`;

/** The clause SQLite appends to a child's definition (also what `down` removes). */
const clause = (child: string, column: string, parent: string) =>
  `, constraint "${fkName(child, column)}" foreign key ("company_id", "${column}") references "${parent}" ("company_id", "id")`;

/**
 * SQLite's own recipe for changing a table's constraints: with foreign keys off (SQLite
 * runs migrations outside a transaction, so the pragma takes effect), in one transaction,
 * create the new table under a temporary name, copy, drop the old, rename, recreate its
 * indexes, and check every foreign key before committing.
 */
async function rebuildSqlite(db: Db, changes: Record<string, (definition: string) => string>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      for (const [child, change] of Object.entries(changes)) {
        const def = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${child}`.execute(db);
        const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${child} and sql is not null`.execute(db);
        const temp = `${child}__new`;
        await sql.raw(change(def.rows[0]?.sql ?? '').replace(/^CREATE TABLE\s+("?)[A-Za-z_]+\1/i, `CREATE TABLE "${temp}"`)).execute(db);
        await sql`insert into ${sql.table(temp)} select * from ${sql.table(child)}`.execute(db);
        await sql`drop table ${sql.table(child)}`.execute(db);
        await sql`alter table ${sql.table(temp)} rename to ${sql.table(child)}`.execute(db);
        for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
      }
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`rows link across companies: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Db): Promise<void> {
  for (const parent of PARENTS) {
    await db.schema.createIndex(keyName(parent)).on(parent).columns(['company_id', 'id']).unique().execute();
  }
  if (!isPg(db)) {
    const changes = Object.entries(LINKS).map(([child, links]) => {
      const extra = links.map(([column, parent]) => clause(child, column, parent)).join('');
      return [child, (d: string) => `${d.slice(0, d.lastIndexOf(')'))}${extra})`] as const;
    });
    return rebuildSqlite(db, Object.fromEntries(changes));
  }
  for (const [child, links] of Object.entries(LINKS)) {
    for (const [column, parent] of links) {
      await db.schema.alterTable(child).addForeignKeyConstraint(fkName(child, column), ['company_id', column], parent, ['company_id', 'id']).execute();
    }
  }
}

export async function down(db: Db): Promise<void> {
  if (isPg(db)) {
    for (const [child, links] of Object.entries(LINKS)) {
      for (const [column] of links) await db.schema.alterTable(child).dropConstraint(fkName(child, column)).execute();
    }
  } else {
    const changes = Object.entries(LINKS).map(
      ([child, links]) => [child, (d: string) => links.reduce((acc, [column, parent]) => acc.replace(clause(child, column, parent), ''), d)] as const,
    );
    await rebuildSqlite(db, Object.fromEntries(changes));
  }
  for (const parent of PARENTS) await db.schema.dropIndex(keyName(parent)).execute();
}
