/**
 * REDIS_URL (docs/design.md, "Scale"): two app instances on one database, both counting the
 * public rate limit in one Redis: the limit holds across both, and nothing of it is written
 * to the database; with Redis unreachable, limited calls go through. Needs Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379); skipped
 * when it is not reachable, unless REQUIRE_REDIS=1 (CI), which makes that a failure.
 */
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { appKey, call, dialect, freshDatabase, type TestApp } from './helper.ts';
import { loose } from './loose-db.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { syncMenuCatalogue } from '../src/modules/access/repo.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const LIMIT = 4;

async function reachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const up = await reachable();
if (!up && process.env.REQUIRE_REDIS === '1') throw new Error(`Redis is required (REQUIRE_REDIS=1) but ${REDIS_URL} is not reachable`);

describe.skipIf(!up)('REDIS_URL: the public rate limit in Redis', () => {
  let apps: TestApp[] = [];
  let close: () => Promise<void>;
  let key: string;
  let db: Awaited<ReturnType<typeof freshDatabase>>['db'];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    ({ db, close } = fresh);
    await syncMenuCatalogue(db);
    await seedDemo(db);
    // Both instances read the client's address from X-Forwarded-For, so each run counts under an address of its own.
    apps = await Promise.all(
      [0, 1].map(() =>
        buildApp({ db, dialect, databaseUrl: fresh.url, webDist: null, publicRateLimit: LIMIT, logLevel: 'silent', redisUrl: REDIS_URL, trustProxy: 1 }),
      ),
    );
    await Promise.all(apps.map((a) => a.ready()));
    const company = (await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    key = await appKey(loose(db), company, '业主报修');
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await close();
  });

  it('counts the calls made to both instances, and writes nothing of it to the database', async () => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const r = await call(apps[i % 2], 'POST', '/home/Work_Create/templateData', { payload: { app_key: key }, headers: { 'x-forwarded-for': address } });
      codes.push(r.status);
    }
    expect(codes).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    // Another address has a limit of its own.
    const other = await call(apps[0], 'POST', '/home/Work_Create/templateData', { payload: { app_key: key }, headers: { 'x-forwarded-for': '192.0.2.1' } });
    expect(other.status).not.toBe(429);
    expect(await loose(db).selectFrom('rate_limit_hits').select('key').execute()).toEqual([]);
  });
});

it('with Redis unreachable, limited calls go through instead of failing', async () => {
  const { db, url, close } = await freshDatabase();
  await syncMenuCatalogue(db);
  await seedDemo(db);
  // Port 1: nothing listens there.
  const app = await buildApp({ db, dialect, databaseUrl: url, webDist: null, publicRateLimit: 1, logLevel: 'silent', redisUrl: 'redis://127.0.0.1:1' });
  try {
    await app.ready();
    const key = await appKey(loose(db), (await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id, '业主报修');
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await call(app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } })).status);
    expect(codes).toEqual([200, 200, 200]);
  } finally {
    await app.close();
    await close();
  }
});
