/**
 * The Redis of the tests of REDIS_URL (docs/design.md, "Scale"): TEST_REDIS_URL (default
 * redis://127.0.0.1:6379); `up` says whether it answers. When it does not, those tests are
 * skipped, unless REQUIRE_REDIS=1 (CI), which makes it a failure. Each test run takes a key
 * prefix of its own (`runPrefix`), so runs never see each other's counts, and drops its
 * keys afterwards (`dropKeys`).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pingRedis } from '../src/db/redis.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export const up = await pingRedis(REDIS_URL);
if (!up && process.env.REQUIRE_REDIS === '1') throw new Error(`Redis is required (REQUIRE_REDIS=1) but ${REDIS_URL} is not reachable`);

/** A key prefix no other run uses. */
export const runPrefix = () => `swo-test:${randomUUID()}:`;

/** A plain client of the test Redis (the caller disconnects it). */
export const testRedis = () => new Redis(REDIS_URL);

/** Deletes every key under `prefix`. */
export async function dropKeys(prefix: string): Promise<void> {
  const r = testRedis();
  try {
    const keys: string[] = [];
    for await (const batch of r.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) keys.push(...batch);
    if (keys.length) await r.del(...keys);
  } finally {
    r.disconnect();
  }
}
