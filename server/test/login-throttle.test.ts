/**
 * The sign-in throttle (modules/auth/throttle.ts), counted in the database and, when the test
 * Redis answers, in Redis (REDIS_URL): the same limits, across two app instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { call, DEMO_PASSWORD, dialect, login, setup, type Harness, type TestApp } from './helper.ts';
import { dropKeys, REDIS_URL, runPrefix, testRedis, up } from './redis-env.ts';

interface Store {
  name: string;
  options: () => Partial<AppOptions>;
  /** Records `count` failures under the throttle key `key`, made at `at`. */
  oldFailures: (key: string, count: number, at: string) => Promise<void>;
  /** How many failures the database holds (none when they are counted in Redis). */
  rowsInDatabase: () => Promise<number>;
  close: () => Promise<void>;
}

let h: Harness;
let second: TestApp;
const prefix = runPrefix();

const database: Store = {
  name: 'in the database',
  options: () => ({}),
  oldFailures: async (key, count, at) => {
    await h.db
      .insertInto('login_failures')
      .values(Array.from({ length: count }, () => ({ key, created_at: at })))
      .execute();
  },
  rowsInDatabase: async () => (await h.db.selectFrom('login_failures').select('id').execute()).length,
  close: () => Promise.resolve(),
};

const redis: Store = {
  name: 'in Redis',
  options: () => ({ redisUrl: REDIS_URL, redisPrefix: prefix }),
  oldFailures: async (key, count, at) => {
    const r = testRedis();
    const ms = Date.parse(at);
    await r.zadd(`${prefix}fail:${key}`, ...Array.from({ length: count }, (_, i) => [ms, `${ms}:${i}`]).flat());
    r.disconnect();
  },
  rowsInDatabase: database.rowsInDatabase,
  close: () => dropKeys(prefix),
};

describe.each(up ? [database, redis] : [database])('login failures counted $name', (store) => {
  beforeAll(async () => {
    h = await setup(store.options());
    // A second process on the same database: the limits must hold across both.
    second = await buildApp({ db: h.appDb, dialect, webDist: null, logLevel: 'silent', ...store.options() });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await h.close();
    await store.close();
  });

  const sign = async (app: TestApp, username: string, password: string, ip: string) => {
    const r = await app.inject({ method: 'POST', url: '/index.php/admin/Login/sign', payload: { username, password }, remoteAddress: ip });
    return r.statusCode;
  };

  describe('sign-in lockout', () => {
    it('10 failures lock the (account, IP) pair only: the owner still signs in from another IP', async () => {
      for (let i = 0; i < 10; i++) expect(await sign(h.app, 'sunli', `bad${i}`, '192.0.2.1')).toBe(400);
      expect(await sign(h.app, 'sunli', DEMO_PASSWORD, '192.0.2.1')).toBe(429);
      expect(await sign(second, 'sunli', DEMO_PASSWORD, '192.0.2.1')).toBe(429);
      expect(await sign(h.app, 'sunli', DEMO_PASSWORD, '198.51.100.7')).toBe(200);
    });

    it('100 failures in an hour from many IPs lock the account everywhere', async () => {
      for (let i = 0; i < 100; i++) {
        // 5 per IP, under every per-IP limit; half of them through the second process.
        expect(await sign(i % 2 ? second : h.app, 'zhaolei', `bad${i}`, `203.0.113.${Math.floor(i / 5)}`)).toBe(400);
      }
      const r = await h.app.inject({
        method: 'POST',
        url: '/index.php/admin/Login/sign',
        payload: { username: 'zhaolei', password: DEMO_PASSWORD },
        remoteAddress: '198.51.100.9',
      });
      expect(r.statusCode).toBe(429);
      expect(r.json().data.retry_after).toBeGreaterThan(15 * 60);
      // Other accounts are not affected.
      expect(await sign(h.app, 'wangfang', DEMO_PASSWORD, '198.51.100.9')).toBe(200);
    });

    it('failures older than the hour do not count', async () => {
      const old = new Date(Date.now() - 2 * 3600_000).toISOString();
      await store.oldFailures('u:huangyan', 150, old);
      expect(await sign(h.app, 'huangyan', DEMO_PASSWORD, '198.51.100.10')).toBe(200);
    });
  });

  describe('password change', () => {
    it('wrong old passwords count toward the sign-in limit and answer 429 past it', async () => {
      const token = await login(h.app, 'chenjing');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await call(h.app, 'POST', '/admin/staff/updatePwd', {
          token,
          payload: { username: '', oldpassword: `guess${i}`, password: 'Quiet-Harbor-71', confirmpassword: 'Quiet-Harbor-71' },
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
      // Even the right old password waits now, and so does a sign-in from the same address.
      const right = await call(h.app, 'POST', '/admin/staff/updatePwd', {
        token,
        payload: { username: '', oldpassword: DEMO_PASSWORD, password: 'Quiet-Harbor-71', confirmpassword: 'Quiet-Harbor-71' },
      });
      expect(right.status).toBe(429);
      expect(await sign(h.app, 'chenjing', DEMO_PASSWORD, '127.0.0.1')).toBe(429);
    });
  });

  it('keeps its counts where the store says', async () => {
    const rows = await store.rowsInDatabase();
    if (store === redis) expect(rows).toBe(0);
    else expect(rows).toBeGreaterThan(100);
  });
});
