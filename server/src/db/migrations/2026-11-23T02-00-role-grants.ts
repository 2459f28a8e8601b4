/**
 * Role permissions as rows: one `role_grants` row per (role, menu, action) instead of a
 * JSON list per (role, menu), so "who may claim" is an indexed equality, not a text search
 * (docs/design.md, permissions). Existing grants are carried over, and back on `down`.
 * Never imports application code.
 */
import { type Kysely } from 'kysely';
import { serialKey } from './dialect.ts';

type Db = Kysely<any>;

function parseActions(s: string): string[] {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('role_grants')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('role_grants_role_menu_action', ['role_id', 'menu_id', 'action'])
    .execute();
  await db.schema.createIndex('role_grants_company_role').on('role_grants').columns(['company_id', 'role_id']).execute();
  const old = await db.selectFrom('role_permissions').select(['company_id', 'role_id', 'menu_id', 'actions']).execute();
  const rows = old.flatMap((r: { company_id: number; role_id: number; menu_id: number; actions: string }) =>
    [...new Set(parseActions(r.actions))].map((action) => ({ company_id: r.company_id, role_id: r.role_id, menu_id: r.menu_id, action })),
  );
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('role_grants')
      .values(rows.slice(i, i + 200))
      .execute();
  await db.schema.dropTable('role_permissions').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createTable('role_permissions')
    .addColumn('id', ...serialKey(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('role_permissions_role_menu', ['role_id', 'menu_id'])
    .execute();
  const grants = await db.selectFrom('role_grants').select(['company_id', 'role_id', 'menu_id', 'action']).orderBy('id').execute();
  const byPair = new Map<string, { company_id: number; role_id: number; menu_id: number; actions: string[] }>();
  for (const g of grants as { company_id: number; role_id: number; menu_id: number; action: string }[]) {
    const k = `${g.role_id}:${g.menu_id}`;
    (byPair.get(k) ?? byPair.set(k, { company_id: g.company_id, role_id: g.role_id, menu_id: g.menu_id, actions: [] }).get(k)!).actions.push(g.action);
  }
  for (const r of byPair.values())
    await db
      .insertInto('role_permissions')
      .values({ ...r, actions: JSON.stringify(r.actions) })
      .execute();
  await db.schema.dropTable('role_grants').execute();
}
