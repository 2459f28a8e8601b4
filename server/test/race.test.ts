/**
 * Claims racing across two app instances with their own connection pools over one
 * database: the stand-in for two server processes behind a load balancer (docs/design.md,
 * "Scale"). Exactly one claim wins; the others get 409; the counters stay right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { syncMenuCatalogue } from '../src/modules/access/repo.ts';
import { appKey, call, createPgDatabase, dialect, login, repairSubmission, type TestApp } from './helper.ts';
import { loose } from './loose-db.ts';

const run = dialect === 'postgres' ? describe : describe.skip;

run('claim race across two app instances (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  const apps: TestApp[] = [];
  const dbs: ReturnType<typeof openDatabase>['db'][] = [];
  beforeAll(async () => {
    const pg = await createPgDatabase();
    drop = pg.drop;
    for (let i = 0; i < 2; i++) {
      const { db } = openDatabase(pg.url, { poolSize: 10 });
      if (i === 0) {
        await migrateToLatest(db);
        await syncMenuCatalogue(db);
        await seedDemo(db);
      }
      dbs.push(db);
      apps.push(await buildApp({ db, dialect: 'postgres', webDist: null, publicRateLimit: 10_000, logLevel: 'silent' }));
    }
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of dbs) await d.destroy();
    await drop();
  });

  it('20 parallel claims split over two instances: one winner', async () => {
    const companyId = (await dbs[0].selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const key = await appKey(loose(dbs[0]), companyId, '业主报修');
    const created = await call(apps[0], 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(key) });
    const id = created.body.data.id;
    const tokens = await Promise.all(['zhangwei', 'liuqiang', 'admin'].map((u) => login(apps[0], u)));
    const countsBefore = await call(apps[1], 'GET', '/admin/Work/pendingNumber', { token: tokens[2], payload: { company_id: companyId } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(apps[i % 2], 'POST', '/admin/Workorder/claim_work_order', { token: tokens[i % 3], payload: { company_id: companyId, id } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const claims = await dbs[1].selectFrom('work_order_records').select('id').where('work_order_id', '=', id).where('action', '=', 'claim').execute();
    expect(claims).toHaveLength(1);
    const countsAfter = await call(apps[1], 'GET', '/admin/Work/pendingNumber', { token: tokens[2], payload: { company_id: companyId } });
    expect(countsAfter.body.data.counts.unassigned).toBe(countsBefore.body.data.counts.unassigned - 1);
    expect(countsAfter.body.data.counts.processing).toBe(countsBefore.body.data.counts.processing + 1);
  });
});
