import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRealDay } from '@swo/contract';
import { call, login, setup, submitRepair, type Harness } from './helper.ts';
import { addDays, DEFAULT_TIME_ZONE, localDay, stamp, today as todayIn } from '../src/lib/time.ts';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
});
afterAll(() => h.close());

const fieldsOf = (body: { data: unknown }) => Object.keys((body.data as { errors: object }).errors);
// Days are the demo companies' days (Asia/Shanghai), not UTC ones.
const today = () => todayIn(DEFAULT_TIME_ZONE);
const daysAgo = (n: number) => addDays(today(), -n);

describe('real days', () => {
  it('knows which calendar days exist', () => {
    for (const d of ['2026-11-23', '2024-02-29', '2000-02-29', '2000-01-01', '2100-12-31']) expect(isRealDay(d), d).toBe(true);
    for (const d of ['2026-99-99', '2026-02-29', '2026-02-30', '1900-02-29', '2026-04-31', '2026-00-10', '2026-1-1', 'x']) expect(isRealDay(d), d).toBe(false);
    // Real days, but outside the years an input may name (docs/design.md, section 11).
    for (const d of ['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01']) expect(isRealDay(d), d).toBe(false);
  });
});

describe("a zone's wall clock", () => {
  it('reads each second afresh, across a change of offset and between zones', () => {
    // New York springs forward at 07:00 UTC on 2026-03-08: 01:59:59 EST, then 03:00:00 EDT.
    expect(stamp('2026-03-08T06:59:59.000Z', 'America/New_York')).toBe('20260308015959');
    expect(stamp('2026-03-08T06:59:59.999Z', 'America/New_York')).toBe('20260308015959');
    expect(stamp('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('20260308030000');
    expect(stamp('2026-03-08T07:00:00.000Z', 'Asia/Shanghai')).toBe('20260308150000');
    expect(stamp('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('20260308030000');
    expect(localDay('2026-03-08T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-03-09');
    expect(localDay(Date.parse('2026-03-08T15:59:59.999Z'), 'Asia/Shanghai')).toBe('2026-03-08');
  });
});

describe('statistics ranges', () => {
  const urls = ['/admin/Work/appData', '/admin/Work/staffDataList', '/admin/Work/appDataDetail'];
  const post = (url: string, range: { date_from?: string; date_to?: string }) =>
    call(h.app, 'POST', url, { token: admin, payload: { company_id: h.property, application_id: 1, ...range } });

  it('impossible dates are 400 with a field error, never 500', async () => {
    for (const url of urls) {
      for (const range of [{ date_to: '2026-99-99' }, { date_from: '2026-02-30' }, { date_from: '2026-01-01', date_to: '2026-13-01' }]) {
        const r = await post(url, range);
        expect(r.status, `${url} ${JSON.stringify(range)}`).toBe(400);
        expect(fieldsOf(r.body)).toEqual(Object.keys(range).filter((k) => !isRealDay(range[k as keyof typeof range]!)));
      }
    }
  });

  it('the one-year maximum holds with one end or both', async () => {
    for (const url of urls) {
      for (const range of [{ date_from: '2020-01-01' }, { date_from: '2020-01-01', date_to: '2026-01-01' }, { date_from: daysAgo(400) }]) {
        const r = await post(url, range);
        expect(r.status, `${url} ${JSON.stringify(range)}`).toBe(400);
        expect(fieldsOf(r.body)).toEqual(['date_from']);
      }
      // From after to, including a start in the future with the end defaulting to today.
      expect((await post(url, { date_from: '2026-03-01', date_to: '2026-02-01' })).status).toBe(400);
      expect((await post(url, { date_from: '2999-01-01' })).status).toBe(400);
      for (const range of [{ date_from: daysAgo(300) }, { date_to: today() }, { date_from: '2025-01-01', date_to: '2025-12-31' }, {}]) {
        const r = await post(url, range);
        expect(r.status, `${url} ${JSON.stringify(range)}`).toBe(200);
      }
    }
  });

  it('a range ending in the year 9999 is refused at once, and the server keeps answering', async () => {
    const hung = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no reply in ${ms} ms`)), ms));
    for (const url of urls) {
      for (const range of [{ date_to: '9999-12-31' }, { date_from: '9999-12-02', date_to: '9999-12-31' }, { date_from: '2100-12-31', date_to: '2101-01-01' }]) {
        const started = performance.now();
        const r = await Promise.race([post(url, range), hung(5_000)]);
        expect(performance.now() - started, `${url} ${JSON.stringify(range)}`).toBeLessThan(100);
        expect(r.status).toBe(400);
        expect(fieldsOf(r.body)).toEqual(Object.keys(range).filter((k) => !isRealDay(range[k as keyof typeof range]!)));
        const health = await Promise.race([h.app.inject({ method: 'GET', url: '/index.php/health' }), hung(5_000)]);
        expect(health.statusCode).toBe(200);
      }
    }
  });

  it('the last allowed days give a whole trend, one point a day', async () => {
    const r = await post('/admin/Work/appData', { date_from: '2100-12-01', date_to: '2100-12-31' });
    expect(r.status).toBe(200);
    const trend = (r.body.data as { trend: { date: string }[] }).trend.map((p) => p.date);
    expect(trend).toHaveLength(31);
    expect([trend[0], trend[30]]).toEqual(['2100-12-01', '2100-12-31']);
  });

  it("words the range error in the caller's language", async () => {
    const r = await call(h.app, 'POST', '/admin/Work/appData', {
      token: admin,
      headers: { lang: 'en-US' },
      payload: { company_id: h.property, date_from: '2020-01-01' },
    });
    expect((r.body.data as { errors: Record<string, string[]> }).errors.date_from[0]).toMatch(/at most one year/);
  });
});

describe('list created_from / created_to', () => {
  it('impossible dates are 400 on the field; days and ISO instants work', async () => {
    const order = await submitRepair(h);
    const list = (q: Record<string, unknown>) => call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, ...q } });
    for (const [field, value] of [
      ['created_from', '2026-99-99'],
      ['created_to', '2026-02-30'],
      ['created_to', 'yesterday'],
      ['created_from', '2026-11-23T25:00:00Z'],
      ['created_to', '9999-12-31'],
      ['created_from', '10000-01-01T00:00:00Z'],
    ]) {
      const r = await list({ [field]: value });
      expect(r.status, `${field}=${value}`).toBe(400);
      expect(fieldsOf(r.body)).toEqual([field]);
    }
    const ids = async (q: Record<string, unknown>) => ((await list(q)).body.data as { data: { id: number }[] }).data.map((o) => o.id);
    expect(await ids({ created_from: today(), created_to: today() })).toContain(order.id);
    const start = new Date(Date.now() - 3600_000);
    expect(await ids({ created_from: start.toISOString() })).toContain(order.id);
    // The same instant written with an offset.
    const shifted = new Date(start.getTime() + 8 * 3600_000).toISOString().replace('Z', '+08:00');
    expect(await ids({ created_from: shifted })).toContain(order.id);
    expect(await ids({ created_to: daysAgo(1) })).not.toContain(order.id);
  });
});
