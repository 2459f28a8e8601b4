/**
 * Two app instances on one database, each with its own connection and caller cache, as two
 * processes or machines would run (docs/design.md, "Caller cache"): a revocation made
 * through one (logout, password change, disable, removal, a role's action taken away) is
 * refused at once by the other, even though the other had just cached the
 * caller; a claim race across both has one winner; what one keeps while nothing changes
 * shows a change made through the other at once; a live-update event raised through one
 * is delivered by the other's event stream (docs/design.md, "Live updates").
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { syncMenuCatalogue } from '../src/modules/access/repo.ts';
import { call, createPgDatabase, dialect, login, type TestApp } from './helper.ts';
import { openStream, orderEvent } from './live.ts';
import { loose } from './loose-db.ts';

/** Public calls per minute and IP, counted across both instances. */
const LIMIT = 4;
let apps: [TestApp, TestApp];
let dbs: Kysely<DB>[] = [];
let company: number;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  let url: string;
  if (dialect === 'postgres') {
    const pg = await createPgDatabase();
    url = pg.url;
    cleanup = pg.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-two-'));
    url = `sqlite:${path.join(dir, 'two.db')}`;
    cleanup = () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
  }
  dbs = [openDatabase(url).db, openDatabase(url).db];
  await migrateToLatest(dbs[0]);
  await syncMenuCatalogue(dbs[0]);
  await seedDemo(dbs[0]);
  const made = await Promise.all(
    dbs.map((db) => buildApp({ db, dialect, databaseUrl: url, livePollMs: 50, webDist: null, publicRateLimit: LIMIT, logLevel: 'silent' })),
  );
  apps = [made[0], made[1]];
  await Promise.all(apps.map((a) => a.ready()));
  company = (await dbs[0].selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(dbs.map((db) => db.destroy()));
  await cleanup();
});

const list = (app: TestApp, token: string, filters: Record<string, string> = {}) =>
  call(app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: company, pageSize: 1, ...filters } });

describe('two instances on one database', () => {
  it('an event raised through one is delivered by the stream of the other', async () => {
    await apps[1].listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(apps[1].server.address() as AddressInfo).port}`;
    const s = await openStream(base, company, await login(apps[1], 'admin'));
    try {
      const created = await call(apps[0], 'POST', '/admin/Work/add', {
        token: await login(apps[0], 'wangfang'),
        payload: { company_id: company, application_id: await appId('业主报修'), form_data: REPAIR, requester_name: '测试', requester_phone: '13600000000' },
      });
      expect(created.status).toBe(200);
      await s.until(orderEvent(created.body.data.id as number));
    } finally {
      s.close();
    }
  });

  it('a logout on one is refused at once on the other', async () => {
    const token = await login(apps[0], 'wangfang');
    expect((await list(apps[1], token)).body.code).toBe(200); // cached on the second instance now
    expect((await call(apps[0], 'POST', '/auth/logout', { token })).body.code).toBe(200);
    expect((await list(apps[1], token)).body.code).toBe(101);
  });

  it('unbinding a handler from an application on one refuses their claim on the other at the next call; binding again allows it', async () => {
    const [admin, handler] = [await login(apps[0], 'admin'), await login(apps[1], 'liuqiang')];
    const repair = await appId('业主报修');
    const add = () =>
      call(apps[0], 'POST', '/admin/Work/add', {
        token: admin,
        payload: { company_id: company, application_id: repair, form_data: REPAIR, requester_name: '测试', requester_phone: '13600000000' },
      });
    const claim = async () =>
      call(apps[1], 'POST', '/admin/Workorder/claim_work_order', { token: handler, payload: { company_id: company, id: (await add()).body.data.id } });
    const bind = async (usernames: string[]) => {
      const r = await call(apps[0], 'POST', '/admin/Application/application_binding_user', {
        token: admin,
        payload: { company_id: company, application_id: repair, staff_ids: await Promise.all(usernames.map(staffIdOf)) },
      });
      expect(r.status).toBe(200);
    };
    expect((await list(apps[1], handler)).body.code).toBe(200); // the handler's scope is cached on the second instance now
    await bind(['zhangwei']);
    expect((await claim()).status).toBe(403);
    await bind(['zhangwei', 'liuqiang']);
    expect((await claim()).status).toBe(200);
  });

  it('an application, category or handler renamed through one shows under its new name on the other at the next call', async () => {
    const admin = await login(apps[1], 'admin');
    // The company's newest order (the first row of its list), given a category and a handler.
    const newest = await loose(dbs[0])
      .selectFrom('work_orders')
      .select(['id', 'application_id'])
      .where('company_id', '=', company)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const category = await loose(dbs[0]).selectFrom('categories').select('id').where('company_id', '=', company).executeTakeFirstOrThrow();
    const order = { ...newest, category_id: category.id, handler_id: await staffIdOf('liuqiang') };
    await loose(dbs[0]).updateTable('work_orders').set({ category_id: order.category_id, handler_id: order.handler_id }).where('id', '=', order.id).execute();
    const names = async () => {
      const r = await call(apps[1], 'GET', '/admin/Workorder/work_order_details', { token: admin, payload: { company_id: company, id: order.id } });
      const { application_name, category_name, handler_name } = r.body.data;
      return { application_name, category_name, handler_name };
    };
    const before = await names(); // now kept by the second instance
    expect(before.application_name).not.toBe('');
    const renames = [
      ['applications', order.application_id, 'application_name'],
      ['categories', order.category_id, 'category_name'],
      ['staff', order.handler_id, 'handler_name'],
    ] as const;
    for (const [table, id, field] of renames) {
      await loose(dbs[0])
        .updateTable(table)
        .set({ name: `改名 ${table}` })
        .where('id', '=', id)
        .execute();
      expect((await names())[field]).toBe(`改名 ${table}`);
    }
    const [row] = (await list(apps[1], admin)).body.data.data;
    expect(row.id).toBe(order.id);
    expect([row.application_name, row.category_name, row.handler_name]).toEqual(['改名 applications', '改名 categories', '改名 staff']);
    for (const [table, id, field] of renames) await loose(dbs[0]).updateTable(table).set({ name: before[field] }).where('id', '=', id).execute();
    expect(await names()).toEqual(before);
  });

  it('an action taken from a role on one is refused on the other at the next call', async () => {
    const [admin, handler] = [await login(apps[0], 'admin'), await login(apps[1], 'zhangwei')];
    const order = await call(apps[1], 'POST', '/admin/Work/add', {
      token: admin,
      payload: { company_id: company, application_id: await appId('业主报修'), form_data: REPAIR, requester_name: '测试', requester_phone: '13600000000' },
    });
    expect(order.status).toBe(200);
    expect((await list(apps[1], handler)).body.code).toBe(200);
    const role = await loose(dbs[0]).selectFrom('roles').select('id').where('company_id', '=', company).where('name', '=', '处理人').executeTakeFirstOrThrow();
    const r = await call(apps[0], 'POST', '/base/role/updaterole', {
      token: admin,
      payload: {
        company_id: company,
        id: role.id,
        permissions: [
          { permissionId: 'workorder', actions: ['query', 'get'] },
          { permissionId: 'myorders', actions: ['query'] },
        ],
      },
    });
    expect(r.status).toBe(200);
    const claim = await call(apps[1], 'POST', '/admin/Workorder/claim_work_order', {
      token: handler,
      payload: { company_id: company, id: order.body.data.id },
    });
    expect(claim.status).toBe(403);
  });

  it('a staff member disabled on one gets 101 on the other', async () => {
    const admin = await login(apps[0], 'admin');
    const token = await login(apps[1], 'wuhao');
    expect((await list(apps[1], token)).body.code).toBe(200);
    const id = await staffIdOf('wuhao');
    expect((await call(apps[0], 'POST', '/admin/Staff/update', { token: admin, payload: { company_id: company, id, status: 0 } })).status).toBe(200);
    expect((await list(apps[1], token)).body.code).toBe(101);
  });

  it('a password changed on one refuses the old tokens on the other', async () => {
    const [here, there] = [await login(apps[0], 'chenjing'), await login(apps[1], 'chenjing')];
    expect((await list(apps[1], there)).body.code).toBe(200);
    const changed = await call(apps[0], 'POST', '/admin/staff/updatePwd', {
      token: here,
      payload: { username: '', oldpassword: 'SmartWO#2026', password: 'Quiet-Harbor-71', confirmpassword: 'Quiet-Harbor-71' },
    });
    expect(changed.status).toBe(200);
    expect((await list(apps[1], there)).body.code).toBe(101);
  });

  it('a member removed from the company on one gets 101 on the other', async () => {
    const admin = await login(apps[0], 'admin');
    const token = await login(apps[1], 'huangyan');
    expect((await list(apps[1], token)).body.code).toBe(200);
    const removed = await call(apps[0], 'POST', '/admin/Staff/delete', { token: admin, payload: { company_id: company, id: await staffIdOf('huangyan') } });
    expect(removed.status).toBe(200);
    expect((await list(apps[1], token)).body.code).toBe(101);
  });

  // The page of no filter and a keyword search's matches read the epoch in their own
  // statement on PostgreSQL; a list filtered by day does not, and the endpoint wrapper reads
  // it after the handler.
  it.each([
    ['its page', {}],
    ['a keyword search', { keyword: '漏水' }],
    ['a list filtered by day', { created_from: '2000-01-01' }],
  ])(
    'the list, which assumes the epoch its instance last read, still answers each change made through the same instance at the next call (%s)',
    async (_, filters: Record<string, string>) => {
      // Each change below goes through apps[0], whose guard reads the epoch before the change
      // raises it: the list's next call assumes the older one (docs/design.md, "Assumed epoch").
      const admin = await login(apps[0], 'admin');
      const token = await login(apps[0], 'yangmin');
      const role = await loose(dbs[0])
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', company)
        .where('name', '=', '审核员')
        .executeTakeFirstOrThrow();
      const grant = (permissions: { permissionId: string; actions: string[] }[]) =>
        call(apps[0], 'POST', '/base/role/updaterole', { token: admin, payload: { company_id: company, id: role.id, permissions } });
      const listing = [{ permissionId: 'workorder', actions: ['query', 'get'] }];
      expect((await grant(listing)).status).toBe(200);
      expect((await list(apps[0], token, filters)).status).toBe(200);
      // Allowed under the assumed epoch (cached), refused once the page shows it moved on.
      expect((await grant([{ permissionId: 'myorders', actions: ['query'] }])).status).toBe(200);
      expect((await list(apps[0], token, filters)).status).toBe(403);
      // Refused under the assumed epoch (cached), answered once an epoch read for it shows the grant.
      expect((await grant(listing)).status).toBe(200);
      expect((await list(apps[0], token, filters)).status).toBe(200);
      // A logout through the same instance: refused at the next call, also where the
      // handler itself refuses (an application not there: its 404 is not the answer).
      expect((await call(apps[0], 'POST', '/auth/logout', { token })).body.code).toBe(200);
      expect((await list(apps[0], token, { ...filters, application_id: '2000000000' })).body.code).toBe(101);
      expect((await list(apps[0], token, filters)).body.code).toBe(101);
    },
  );

  // The detail reads the epoch in its order's statement on PostgreSQL (docs/design.md, "One
  // statement a detail"); for an order not found the endpoint wrapper reads it.
  it('the detail and the reminder, which assume the epoch their instance last read, still answer each change made through the same instance at the next call', async () => {
    const admin = await login(apps[0], 'admin');
    const token = await login(apps[0], 'yangmin');
    const role = await loose(dbs[0]).selectFrom('roles').select('id').where('company_id', '=', company).where('name', '=', '审核员').executeTakeFirstOrThrow();
    const order = await loose(dbs[0]).selectFrom('work_orders').select('id').where('company_id', '=', company).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const grant = (permissions: { permissionId: string; actions: string[] }[]) =>
      call(apps[0], 'POST', '/base/role/updaterole', { token: admin, payload: { company_id: company, id: role.id, permissions } });
    const detail = (id: number) => call(apps[0], 'GET', '/admin/Workorder/work_order_details', { token, payload: { company_id: company, id } });
    const reading = [{ permissionId: 'workorder', actions: ['query', 'get'] }];
    expect((await grant(reading)).status).toBe(200);
    const shown = await detail(order.id);
    expect(shown.status).toBe(200);
    expect(shown.body.data.records.length).toBeGreaterThan(0); // its history, read in the same statement on PostgreSQL
    // Allowed under the assumed epoch (cached), refused once the order's statement shows it moved on.
    expect((await grant([{ permissionId: 'myorders', actions: ['query'] }])).status).toBe(200);
    // A call its validation refuses is refused for the permission first, as without a cache.
    const noId = () => call(apps[0], 'GET', '/admin/Workorder/work_order_details', { token, payload: { company_id: company } });
    expect((await noId()).status).toBe(403);
    expect((await detail(order.id)).status).toBe(403);
    expect((await grant(reading)).status).toBe(200);
    expect((await detail(order.id)).status).toBe(200);
    const awaiting = () => call(apps[0], 'POST', '/admin/Work/allDaiNumber', { token, payload: { company_id: company } });
    expect((await awaiting()).body.code).toBe(200);
    // A logout: refused at the next call, also for an order not there (its 404 is not the answer).
    expect((await call(apps[0], 'POST', '/auth/logout', { token })).body.code).toBe(200);
    expect((await noId()).body.code).toBe(101);
    expect((await awaiting()).body.code).toBe(101);
    expect((await detail(2_000_000_000)).body.code).toBe(101);
    expect((await detail(order.id)).body.code).toBe(101);
  });

  it('a public rate limit counts the calls made to both instances', async () => {
    const key = (await loose(dbs[0]).selectFrom('applications').select('app_key').where('company_id', '=', company).executeTakeFirstOrThrow()).app_key;
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const r = await call(apps[i % 2], 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } });
      codes.push(r.status);
    }
    expect(codes).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
  });

  it('a claim race across both instances has exactly one winner', async () => {
    const admin = await login(apps[0], 'admin');
    const created = await call(apps[0], 'POST', '/admin/Work/add', {
      token: admin,
      payload: { company_id: company, application_id: await appId('业主报修'), form_data: REPAIR, requester_name: '测试', requester_phone: '13600000000' },
    });
    const id = created.body.data.id as number;
    const claimers = [await login(apps[0], 'admin'), await login(apps[1], 'admin')];
    const results = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((i) => call(apps[i], 'POST', '/admin/Workorder/claim_work_order', { token: claimers[i], payload: { company_id: company, id } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('a list, a detail and the reminder kept on one show a claim made through the other at the next call', async () => {
    const watcher = await login(apps[1], 'admin');
    const claimer = await login(apps[0], 'admin');
    const created = await call(apps[0], 'POST', '/admin/Work/add', {
      token: claimer,
      payload: { company_id: company, application_id: await appId('业主报修'), form_data: REPAIR, requester_name: '测试', requester_phone: '13600000001' },
    });
    const id = created.body.data.id as number;
    const newest = async () => (await list(apps[1], watcher)).body.data.data[0] as { id: number; status: string };
    const detail = async () =>
      (await call(apps[1], 'GET', '/admin/Workorder/work_order_details', { token: watcher, payload: { company_id: company, id } })).body.data as {
        status: string;
      };
    const awaiting = async () =>
      (await call(apps[1], 'POST', '/admin/Work/allDaiNumber', { token: watcher, payload: { company_id: company } })).body.data as number;
    // Read twice on the other instance: the second answer is the kept one.
    for (let i = 0; i < 2; i++) {
      expect(await newest()).toMatchObject({ id, status: 'unassigned' });
      expect((await detail()).status).toBe('unassigned');
    }
    const before = await awaiting();
    expect(await awaiting()).toBe(before);
    expect((await call(apps[0], 'POST', '/admin/Workorder/claim_work_order', { token: claimer, payload: { company_id: company, id } })).status).toBe(200);
    expect(await newest()).toMatchObject({ id, status: 'processing' });
    expect((await detail()).status).toBe('processing');
    expect(await awaiting()).toBe(before - 1);
  });
});

const REPAIR = { location: '9栋1单元101', repair_type: '1', description: '卫生间水管漏水', urgency: '2' };

async function appId(name: string): Promise<number> {
  return (await loose(dbs[0]).selectFrom('applications').select('id').where('company_id', '=', company).where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The id of the staff member of the test company whose account is `username`. */
async function staffIdOf(username: string): Promise<number> {
  const staff = await loose(dbs[0])
    .selectFrom('staff')
    .innerJoin('users', 'users.id', 'staff.user_id')
    .select('staff.id')
    .where('users.username', '=', username)
    .where('staff.company_id', '=', company)
    .executeTakeFirstOrThrow();
  return staff.id;
}
