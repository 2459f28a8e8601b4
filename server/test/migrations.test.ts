import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrateDownAll, migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { freshDatabase, dialect, setup } from './helper.ts';

async function tableNames(db: Awaited<ReturnType<typeof freshDatabase>>['db']): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
}

describe(`migrations on ${dialect}`, () => {
  it('go up, down and up again', async () => {
    const { db, close } = await freshDatabase(); // already migrated up
    try {
      const up = await tableNames(db);
      expect(up).toContain('work_orders');
      expect(up).toContain('role_grants');
      await migrateDownAll(db);
      expect(await tableNames(db)).toEqual([]);
      await migrateToLatest(db);
      expect(await tableNames(db)).toEqual(up);
      await sql`select 1`.execute(db);
    } finally {
      await close();
    }
  });
});

describe(`the database refuses links across companies (${dialect})`, () => {
  it('an order, a binding, a staff row or a template cannot point at a row of another company', async () => {
    const h = await setup();
    try {
      const [order] = await h.db.selectFrom('work_orders').selectAll().where('company_id', '=', h.property).limit(1).execute();
      const foreignApp = await h.db.selectFrom('applications').select('id').where('company_id', '=', h.it).executeTakeFirstOrThrow();
      const foreignStaff = await h.db.selectFrom('staff').select(['id', 'role_id']).where('company_id', '=', h.it).executeTakeFirstOrThrow();
      const foreignRole = foreignStaff.role_id;
      const ownStaff = await h.db.selectFrom('staff').selectAll().where('company_id', '=', h.property).executeTakeFirstOrThrow();
      const foreignCategory = await h.db.selectFrom('categories').select('id').where('company_id', '=', h.it).executeTakeFirstOrThrow();
      const ownCategory = await h.db.selectFrom('categories').select('id').where('company_id', '=', h.property).executeTakeFirstOrThrow();
      const attempts = [
        () => h.db.updateTable('work_orders').set({ application_id: foreignApp.id }).where('id', '=', order.id).execute(),
        () => h.db.updateTable('work_orders').set({ handler_id: foreignStaff.id }).where('id', '=', order.id).execute(),
        () =>
          h.db.insertInto('application_staff').values({ company_id: h.property, application_id: order.application_id, staff_id: foreignStaff.id }).execute(),
        () => h.db.updateTable('staff').set({ role_id: foreignRole }).where('id', '=', ownStaff.id).execute(),
        () => h.db.updateTable('templates').set({ category_id: foreignCategory.id }).where('company_id', '=', h.property).execute(),
        // Rows that do not exist at all: on PostgreSQL only the company-scoped keys check these
        // (2026-11-28T01-00 dropped the single-column ones they imply).
        () => h.db.updateTable('work_orders').set({ application_id: 987654 }).where('id', '=', order.id).execute(),
        () => h.db.updateTable('work_orders').set({ requester_id: 987654 }).where('id', '=', order.id).execute(),
        () => h.db.updateTable('work_orders').set({ company_id: 987654 }).where('id', '=', order.id).execute(),
        () =>
          h.db
            .insertInto('work_order_records')
            .values({
              company_id: h.property,
              work_order_id: 987654,
              action: 'note',
              to_status: 'unassigned',
              actor_name: 'x',
              is_internal: 0,
              created_at: order.created_at,
            })
            .execute(),
      ];
      for (const a of attempts) await expect(a()).rejects.toThrow(/foreign key/i);
      // a link inside the company still works
      await h.db.updateTable('work_orders').set({ handler_id: ownStaff.id }).where('id', '=', order.id).execute();
      await h.db.updateTable('templates').set({ category_id: ownCategory.id }).where('company_id', '=', h.property).execute();
    } finally {
      await h.close();
    }
  });
});

describe(`role grants become rows (${dialect})`, () => {
  it('carries JSON grants over to one row per action, and back', async () => {
    const h = await setup();
    try {
      const before = await h.db.selectFrom('role_grants').select(['role_id', 'menu_id', 'action']).orderBy('id').execute();
      expect(before.length).toBeGreaterThan(5);
      await migrateTo(h.db, '2026-11-23T01-00-work-order-actions');
      const json = await (h.db as Kysely<any>).selectFrom('role_permissions').select(['role_id', 'menu_id', 'actions']).execute();
      expect(json.reduce((n: number, r: { actions: string }) => n + (JSON.parse(r.actions) as string[]).length, 0)).toBe(before.length);
      await migrateToLatest(h.db);
      const after = await h.db.selectFrom('role_grants').select(['role_id', 'menu_id', 'action']).execute();
      const key = (g: { role_id: number; menu_id: number; action: string }) => `${g.role_id}/${g.menu_id}/${g.action}`;
      expect(after.map(key).sort()).toEqual(before.map(key).sort());
    } finally {
      await h.close();
    }
  });
});
