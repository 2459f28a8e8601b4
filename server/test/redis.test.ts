/**
 * REDIS_URL (docs/design.md, "Scale"): two app instances on one database, both counting the
 * public rate limit in one Redis: the limit holds across both, and nothing of it is written
 * to the database; with Redis unreachable, limited calls go through. Needs Redis at
 * TEST_REDIS_URL (default redis://127.0.0.1:6379); skipped when it is not reachable, unless
 * REQUIRE_REDIS=1 (CI), which makes that a failure.
 */
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { appKey, call, dialect, setup, type Harness, type TestApp } from './helper.ts';

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

/** The public call limited per address: the repair application's template. */
const templateData = async (h: Harness, app: TestApp, headers: Record<string, string> = {}) =>
  (await call(app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: await appKey(h.db, h.property, '业主报修') }, headers })).status;

describe.skipIf(!up)('REDIS_URL: the public rate limit in Redis', () => {
  // Both instances read the client's address from X-Forwarded-For, so each run counts under an address of its own.
  const options = { publicRateLimit: LIMIT, redisUrl: REDIS_URL, trustProxy: 1 };
  let h: Harness;
  let second: TestApp;

  beforeAll(async () => {
    h = await setup(options);
    second = await buildApp({ db: h.appDb, dialect, webDist: null, logLevel: 'silent', ...options });
    await second.ready();
  });

  afterAll(async () => {
    await second.close();
    await h.close();
  });

  it('counts the calls made to both instances, and writes nothing of it to the database', async () => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push(await templateData(h, i % 2 ? second : h.app, { 'x-forwarded-for': address }));
    expect(codes).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    // Another address has a limit of its own.
    expect(await templateData(h, h.app, { 'x-forwarded-for': '192.0.2.1' })).not.toBe(429);
    expect(await h.db.selectFrom('rate_limit_hits').select('key').execute()).toEqual([]);
  });
});

it('with Redis unreachable, limited calls go through instead of failing', async () => {
  // Port 1: nothing listens there.
  const h = await setup({ publicRateLimit: 1, redisUrl: 'redis://127.0.0.1:1' });
  try {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push(await templateData(h, h.app));
    expect(codes).toEqual([200, 200, 200]);
  } finally {
    await h.close();
  }
});
