/**
 * The SQL text of a repeated call does not change between calls, so the statements
 * prepared for it are reused (docs/design.md, "Prepared statements"). A value written into
 * the text (a timestamp, say) gives a new text on every call: SQLite prepares it anew each
 * time and pushes hot statements out of the connection's cache.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { syncMenuCatalogue } from '../src/modules/access/repo.ts';
import { appKey, call, dialect, login, repairSubmission, type TestApp } from './helper.ts';
import { loose } from './loose-db.ts';

describe.skipIf(dialect === 'postgres')('statement reuse (SQLite)', () => {
  const texts = new Set<string>();
  const sqlite = new Database(':memory:');
  let app: TestApp;
  let db: Kysely<DB>;

  beforeAll(async () => {
    sqlite.pragma('foreign_keys = ON');
    const database = {
      close: () => void sqlite.close(),
      prepare: (text: string) => (texts.add(text), sqlite.prepare(text)),
    };
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
    await migrateToLatest(db);
    await syncMenuCatalogue(db);
    await seedDemo(db);
    app = await buildApp({ db, dialect: 'sqlite', webDist: null, publicRateLimit: 10_000, logLevel: 'silent' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it('another round of the same calls, a moment later, prepares no new statement', async () => {
    const company = (await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const app_key = await appKey(loose(db), company, '业主报修');
    const token = await login(app, 'admin');
    const round = async () => {
      const made = await call(app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(app_key) });
      expect(made.status).toBe(200);
      const calls = [
        call(app, 'POST', '/home/Work_Create/templateData', { payload: { app_key } }),
        call(app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: company, pageNo: 1, pageSize: 20 } }),
        call(app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: company, keyword: '漏水', pageNo: 1, pageSize: 2 } }),
        call(app, 'GET', '/admin/Workorder/work_order_details', { token, payload: { company_id: company, id: made.body.data.id } }),
        call(app, 'POST', '/admin/Work/allDaiNumber', { token, payload: { company_id: company } }),
      ];
      for (const r of await Promise.all(calls)) expect(r.status).toBe(200);
    };
    // Twice: the first round also fills the in-process caches (a detail's template schema).
    await round();
    await round();
    await new Promise((r) => setTimeout(r, 20));
    const before = new Set(texts);
    await round();
    expect([...texts].filter((t) => !before.has(t))).toEqual([]);
  });
});
