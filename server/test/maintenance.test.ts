import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { purgeExpired, schedulePurge } from '../src/modules/maintenance/purge.ts';
import { hitRateLimit } from '../src/modules/maintenance/rate-limit-repo.ts';
import { call, dialect, login, setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => {
  h = await setup();
});
afterAll(() => h.close());

const NOW = '2026-11-23T12:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(NOW) + hours * 3600_000).toISOString();

describe('purge of expired rows', () => {
  it('deletes expired and revoked sessions, old idempotency keys, expired import locks and SMS codes, week-old outbox messages; keeps live ones', async () => {
    const user = (await h.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const session = (token: string, expires: number, revoked: number | null = null) => ({
      user_id: user,
      token_hash: token,
      ip: '',
      user_agent: '',
      created_at: at(-200),
      expires_at: at(expires),
      revoked_at: revoked === null ? null : at(revoked),
    });
    await h.db.deleteFrom('sessions').execute();
    await h.db
      .insertInto('sessions')
      .values([session('expired', -1), session('revoked', 5, -2), session('live', 1), session('live-long', 100)])
      .execute();
    const key = (k: string, ageHours: number) => ({
      company_id: h.property,
      user_id: user,
      key: k,
      request_hash: 'h',
      status_code: 200,
      response: '{}',
      created_at: at(-ageHours),
    });
    await h.db
      .insertInto('idempotency_keys')
      .values([key('old', 25), key('recent', 23), key('new', 0)])
      .execute();
    await h.db
      .insertInto('import_locks')
      .values([
        { company_id: h.property, holder: 'dead', expires_at: at(-1) },
        { company_id: h.it, holder: 'running', expires_at: at(1) },
      ])
      .execute();

    await h.db
      .insertInto('rate_limit_hits')
      .values([
        { key: 'old', window_start: Date.parse(NOW) - 25 * 3600_000, count: 3 },
        { key: 'recent', window_start: Date.parse(NOW) - 60_000, count: 1 },
      ])
      .execute();

    const code = (phone: string, expires: number) => ({
      phone,
      purpose: 'login' as const,
      salt: 's',
      code_hash: 'h',
      created_at: at(-1),
      expires_at: at(expires),
    });
    await h.db
      .insertInto('sms_codes')
      .values([code('expired', -0.5), code('live', 0.05)])
      .execute();
    await h.db
      .insertInto('sms_outbox')
      .values([
        { phone: 'old', text: 't', created_at: at(-8 * 24) },
        { phone: 'recent', text: 't', created_at: at(-6 * 24) },
      ])
      .execute();

    const ticket = (hash: string, expires: number) => ({
      ticket_hash: hash,
      poll_hash: `p${hash}`,
      status: 'waiting' as const,
      ip: '',
      user_agent: '',
      created_at: at(-3),
      expires_at: at(expires),
    });
    await h.db
      .insertInto('qr_logins')
      .values([ticket('gone', -2), ticket('just-expired', -0.5)])
      .execute();
    const challenge = (hash: string, expires: number) => ({
      token_hash: hash,
      user_id: user,
      method: 'password',
      remember: 1,
      created_at: at(-1),
      expires_at: at(expires),
    });
    await h.db
      .insertInto('two_factor_challenges')
      .values([challenge('old', -0.1), challenge('open', 0.05)])
      .execute();

    expect(await purgeExpired(h.appDb, NOW)).toEqual({
      sessions: 2,
      idempotencyKeys: 1,
      importLocks: 1,
      rateLimits: 1,
      smsCodes: 1,
      smsOutbox: 1,
      qrLogins: 1,
      twoFactorChallenges: 1,
      counterStripes: expect.any(Number) as number,
    });
    expect((await h.db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash)).toEqual(['live', 'live-long']);
    expect((await h.db.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map((r) => r.key)).toEqual(['new', 'recent']);
    expect((await h.db.selectFrom('import_locks').select('holder').execute()).map((r) => r.holder)).toEqual(['running']);
    expect((await h.db.selectFrom('rate_limit_hits').select('key').execute()).map((r) => r.key)).toEqual(['recent']);
    expect((await h.db.selectFrom('sms_codes').select('phone').execute()).map((r) => r.phone)).toEqual(['live']);
    expect((await h.db.selectFrom('sms_outbox').select('phone').execute()).map((r) => r.phone)).toEqual(['recent']);
    expect(await purgeExpired(h.appDb, NOW)).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
      importLocks: 0,
      rateLimits: 0,
      smsCodes: 0,
      smsOutbox: 0,
      qrLogins: 0,
      twoFactorChallenges: 0,
      counterStripes: 0,
    });
  });

  it('a counter is the sum of its stripes, and folding the stripe of a gone connection keeps the sum', async () => {
    const token = await login(h.app, 'admin');
    const counts = async () => {
      const r = await call(h.app, 'GET', '/admin/Work/pendingNumber', { token, payload: { company_id: h.property } });
      return (r.body.data as { counts: Record<string, number> }).counts;
    };
    const before = await counts();
    // A stripe written by a connection that is gone (no backend has this pid).
    await h.db.insertInto('work_order_status_counts').values({ company_id: h.property, status: 'unassigned', stripe: 2_000_000_000, count: 3 }).execute();
    expect((await counts()).unassigned).toBe(before.unassigned + 3);
    const folded = (await purgeExpired(h.appDb)).counterStripes;
    expect((await counts()).unassigned).toBe(before.unassigned + 3);
    const left = await h.db.selectFrom('work_order_status_counts').select('stripe').where('stripe', '=', 2_000_000_000).execute();
    if (dialect === 'postgres') {
      expect(folded).toBeGreaterThanOrEqual(1);
      expect(left).toEqual([]);
    } else expect(folded).toBe(0); // one writer at a time: everything is stripe 0 and nothing folds
  });

  it('the schedule runs at once and stops when asked', async () => {
    await h.db.insertInto('import_locks').values({ company_id: h.property, holder: 'dead', expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const stop = schedulePurge(h.appDb, { everyMs: 60_000 });
    // Stopping waits for the run in flight: the database can be closed right after.
    await stop();
    expect(await h.db.selectFrom('import_locks').select('holder').where('holder', '=', 'dead').execute()).toEqual([]);
  });
});

describe('rate-limit windows', () => {
  it('a hit that need not be durable counts as a durable one, and the connection commits durably after it', async () => {
    const key = `test:lossy:${Date.now()}`;
    const at = Date.now();
    await h.appDb.connection().execute(async (conn) => {
      // Test databases commit asynchronously (helper.ts): this connection as a served one would.
      if (dialect === 'postgres') await sql`set synchronous_commit = on`.execute(conn);
      expect((await hitRateLimit(conn, key, at, 60_000, 1, { durable: false })).count).toBe(1);
      expect((await hitRateLimit(conn, key, at + 1, 60_000, 2, { durable: false })).count).toBe(3);
      expect((await hitRateLimit(conn, key, at + 2, 60_000)).count).toBe(4);
      if (dialect === 'postgres') {
        // The asynchronous commit was the hit's own transaction's: nothing after it on this connection.
        const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(conn);
        expect(rows[0].synchronous_commit).toBe('on');
        await sql`reset synchronous_commit`.execute(conn);
      }
    });
    // A window that ran out starts again.
    expect((await hitRateLimit(h.appDb, key, at + 60_001, 60_000, 1, { durable: false })).count).toBe(1);
  });
});
