import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
const routes: { method: string; url: string; permission?: string }[] = [];
beforeAll(async () => {
  h = await setup();
});
afterAll(() => h.close());

describe('route table', () => {
  it('every API route declares the permission it needs', () => {
    routes.push(...h.app.routeTable);
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((r) => r.url.startsWith('/index.php') && !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('matches documented paths case-insensitively', async () => {
    const token = await login(h.app, 'admin');
    for (const path of ['/admin/Home/company_list', '/admin/home/company_list', '/ADMIN/HOME/COMPANY_LIST']) {
      expect((await call(h.app, 'GET', path, { token })).body.code).toBe(200);
    }
    const a = await call(h.app, 'POST', '/admin/staff/updatePwd', { token, payload: {} });
    const b = await call(h.app, 'POST', '/admin/Staff/updatePwd', { token, payload: {} });
    expect(a.status).toBe(400);
    expect(b.status).toBe(400);
  });

  it('unknown API paths answer an envelope 404', async () => {
    const r = await call(h.app, 'GET', '/admin/Nothing/here');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
  });

  it('serves the OpenAPI document', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json().paths)).toContain('/index.php/admin/Workorder/list');
  });
});
