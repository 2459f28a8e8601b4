import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateDownAll, migrateToLatest } from '../src/db/migrate.ts';
import { freshDatabase, dialect } from './helper.ts';

async function tableNames(db: Awaited<ReturnType<typeof freshDatabase>>['db']): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_')).sort();
}

describe(`migrations on ${dialect}`, () => {
  it('go up, down and up again', async () => {
    const { db, close } = await freshDatabase(); // already migrated up
    try {
      const up = await tableNames(db);
      expect(up).toContain('work_orders');
      expect(up).toContain('role_permissions');
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
