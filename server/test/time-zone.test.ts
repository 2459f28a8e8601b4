import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, submitRepair, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

describe("a company's days are days of its time zone", () => {
  it('statistics, the trend and the list date filter follow the company time zone', async () => {
    const { id } = await submitRepair(h);
    // 01:00 on the 11th in Shanghai is still the 10th in UTC
    await h.db.updateTable('work_orders').set({ created_at: '2020-03-10T17:00:00.000Z' }).where('id', '=', id).execute();
    const token = await login(h.app, 'admin');
    const dayCount = async (day: string) => {
      const r = await call(h.app, 'POST', '/admin/Work/appData', { token, payload: { company_id: h.property, date_from: day, date_to: day } });
      expect(r.status).toBe(200);
      return { created: r.body.data.totals.created as number, trend: r.body.data.trend as { date: string; created: number }[] };
    };
    const listed = async (day: string) => {
      const r = await call(h.app, 'GET', '/admin/Workorder/list', {
        token,
        payload: { company_id: h.property, created_from: day, created_to: day, pageSize: 100 },
      });
      return (r.body.data.data as { id: number }[]).some((o) => o.id === id);
    };

    expect((await dayCount('2020-03-11')).created).toBe(1);
    expect((await dayCount('2020-03-11')).trend).toEqual([{ date: '2020-03-11', created: 1, completed: 0 }]);
    expect((await dayCount('2020-03-10')).created).toBe(0);
    expect(await listed('2020-03-11')).toBe(true);
    expect(await listed('2020-03-10')).toBe(false);

    await h.db.updateTable('companies').set({ time_zone: 'UTC' }).where('id', '=', h.property).execute();
    expect((await dayCount('2020-03-10')).created).toBe(1);
    expect((await dayCount('2020-03-11')).created).toBe(0);
    expect(await listed('2020-03-10')).toBe(true);
  });

  it('order numbers and export file names use the company day', async () => {
    await h.db.updateTable('companies').set({ time_zone: 'Pacific/Kiritimati' }).where('id', '=', h.property).execute(); // UTC+14
    const { order_no } = await submitRepair(h);
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(order_no.slice(0, 8)).toBe(local.replace(/-/g, ''));
    const token = await login(h.app, 'admin');
    const r = await h.app.inject({ method: 'GET', url: '/index.php/admin/Work/export', query: { company_id: String(h.property) }, headers: { token } });
    expect(r.headers['content-disposition']).toMatch(new RegExp(`filename="${local.replace(/-/g, '')}\\d{6}\\.xlsx"`));
  });
});
