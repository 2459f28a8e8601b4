/**
 * REDIS_URL (docs/design.md, "Scale"): two app instances on one database and one Redis share
 * the public rate limit, the SMS send limits and idempotency keys there, and write none of
 * them to the database; on PostgreSQL a live event made through one is delivered by the
 * other's stream through Redis pub/sub, with no NOTIFY. With Redis unreachable, limited
 * calls go through and the throttle and idempotency keys use the database. (The login
 * throttle's own tests run on Redis too: login-throttle.test.ts.)
 */
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connect.ts';
import { appKey, call, dialect, login, repairSubmission, setup, type Harness, type TestApp } from './helper.ts';
import { openStream, orderEvent } from './live.ts';
import { cast, orderIn, type Cast } from './orders.ts';
import { dropKeys, REDIS_URL, runPrefix, up } from './redis-env.ts';

const LIMIT = 4;

/** The public call limited per address: the repair application's template. */
const templateData = async (h: Harness, app: TestApp, headers: Record<string, string> = {}) =>
  (await call(app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: await appKey(h.db, h.property, '业主报修') }, headers })).status;

/** A batch assign of `id` to zhangwei with an Idempotency-Key. */
const batchAssign = (app: TestApp, h: Harness, c: Cast, id: number, key: string) =>
  call(app, 'POST', '/admin/Batch_Work/batchWorkAssign', {
    token: c.dispatcher,
    headers: { 'idempotency-key': key },
    payload: { company_id: h.property, ids: [id], staff_id: c.staffId.zhangwei },
  });

const assigns = async (h: Harness, id: number) =>
  (await h.db.selectFrom('work_order_records').select('id').where('work_order_id', '=', id).where('action', '=', 'assign').execute()).length;

describe.skipIf(!up)('REDIS_URL: what two instances share, in Redis', () => {
  const prefix = runPrefix();
  // Both instances read the client's address from X-Forwarded-For, so each run counts under an address of its own.
  const options = { publicRateLimit: LIMIT, redisUrl: REDIS_URL, redisPrefix: prefix, trustProxy: 1 };
  let h: Harness;
  let c: Cast;
  let second: TestApp;

  beforeAll(async () => {
    h = await setup(options);
    c = await cast(h);
    second = await buildApp({ db: h.appDb, dialect, webDist: null, logLevel: 'silent', ...options });
    await second.ready();
  });

  afterAll(async () => {
    await second.close();
    await h.close();
    await dropKeys(prefix);
  });

  it('counts the public calls made to both instances, and writes nothing of it to the database', async () => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push(await templateData(h, i % 2 ? second : h.app, { 'x-forwarded-for': address }));
    expect(codes).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    // Another address has a limit of its own.
    expect(await templateData(h, h.app, { 'x-forwarded-for': '192.0.2.1' })).not.toBe(429);
    expect(await h.db.selectFrom('rate_limit_hits').select('key').execute()).toEqual([]);
  });

  it('an installation with another REDIS_PREFIX on the same Redis counts on its own', async () => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let i = 0; i < LIMIT + 1; i++) await templateData(h, h.app, { 'x-forwarded-for': address });
    expect(await templateData(h, second, { 'x-forwarded-for': address })).toBe(429);
    const otherPrefix = runPrefix();
    const other = await buildApp({ db: h.appDb, dialect, webDist: null, logLevel: 'silent', ...options, redisPrefix: otherPrefix });
    await other.ready();
    try {
      expect(await templateData(h, other, { 'x-forwarded-for': address })).toBe(200);
    } finally {
      await other.close();
      await dropKeys(otherPrefix);
    }
  });

  it('an SMS code sent through one refuses another to the same phone through the other within the minute', async () => {
    const send = (app: TestApp, address: string) =>
      call(app, 'POST', '/account/sms', { payload: { mobile: '13811110003', purpose: 'login' }, headers: { 'x-forwarded-for': address } });
    expect((await send(h.app, '192.0.2.10')).status).toBe(200);
    const again = await send(second, '192.0.2.11');
    expect(again.status).toBe(429);
    expect(again.body.data).toMatchObject({ retry_after: expect.any(Number) });
    expect((again.body.data as { retry_after: number }).retry_after).toBeGreaterThan(50);
    expect(await h.db.selectFrom('rate_limit_hits').select('key').execute()).toEqual([]);
  });

  it('a batch retried on the other instance with the same Idempotency-Key gets the first reply and acts once', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const first = await batchAssign(h.app, h, c, id, 'assign-7');
    const retry = await batchAssign(second, h, c, id, 'assign-7');
    expect(first.body.data.results[0].ok).toBe(true);
    expect(retry.body).toEqual(first.body);
    expect(await assigns(h, id)).toBe(1);
    // The same key with another body is a conflict, on either instance.
    const other = await call(second, 'POST', '/admin/Batch_Work/batchWorkAssign', {
      token: c.dispatcher,
      headers: { 'idempotency-key': 'assign-7' },
      payload: { company_id: h.property, ids: [id], staff_id: c.staffId.liuqiang },
    });
    expect(other.status).toBe(409);
    expect(await h.db.selectFrom('idempotency_keys').select('id').execute()).toEqual([]);
  });
});

describe.skipIf(!up || dialect !== 'postgres')('REDIS_URL on PostgreSQL: live events through Redis pub/sub', () => {
  const prefix = runPrefix();
  let h: Harness;
  let second: TestApp;
  let secondDb: ReturnType<typeof openDatabase>['db'];

  beforeAll(async () => {
    h = await setup({ redisUrl: REDIS_URL, redisPrefix: prefix });
    // Another process: a connection pool of its own on the same database.
    secondDb = openDatabase(h.url).db;
    second = await buildApp({ db: secondDb, dialect, databaseUrl: h.url, webDist: null, logLevel: 'silent', redisUrl: REDIS_URL, redisPrefix: prefix });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await second.close();
    await secondDb.destroy();
    await h.close();
    await dropKeys(prefix);
  });

  it('an order made through one reaches the stream of the other, and PostgreSQL is not notified', async () => {
    const listener = new pg.Client({ connectionString: h.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.channel));
    await listener.query('LISTEN swo_live');
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const s = await openStream(base, h.property, await login(second, 'admin'));
    try {
      const created = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(await appKey(h.db, h.property, '业主报修')) });
      expect(created.status).toBe(200);
      const id = (await h.db.selectFrom('work_orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
      await s.until(orderEvent(id));
      await listener.query('select 1'); // a notification sent at that commit would have arrived before this answer
      expect(heard).toEqual([]);
    } finally {
      s.close();
      await listener.end();
    }
  });
});

describe('with Redis unreachable', () => {
  let h: Harness;
  let c: Cast;
  // Port 1: nothing listens there.
  beforeAll(async () => {
    h = await setup({ publicRateLimit: 1, redisUrl: 'redis://127.0.0.1:1' });
    c = await cast(h);
  });
  afterAll(() => h.close());

  it('limited calls go through instead of failing', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push(await templateData(h, h.app));
    expect(codes).toEqual([200, 200, 200]);
  });

  it('wrong passwords are counted in the database', async () => {
    const wrong = await call(h.app, 'POST', '/admin/Login/sign', { payload: { username: 'sunli', password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect((await h.db.selectFrom('login_failures').select('key').execute()).length).toBeGreaterThan(0);
  });

  it('an Idempotency-Key is kept in the database: a retry acts once', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const first = await batchAssign(h.app, h, c, id, 'assign-9');
    expect(await batchAssign(h.app, h, c, id, 'assign-9')).toEqual(first);
    expect(await assigns(h, id)).toBe(1);
    expect((await h.db.selectFrom('idempotency_keys').select('id').execute()).length).toBe(1);
  });
});
