import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ENDPOINTS, FILE_REPLY, type Endpoint } from '@swo/contract';
import Fastify from 'fastify';
import { registerEndpoints, type Handlers } from '../src/http/endpoints.ts';
import type { App } from '../src/http/types.ts';
import { call, login, setup, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

const entries = Object.entries(ENDPOINTS) as [string, Endpoint][];
const pathsOf = (e: Endpoint) => [e.path, ...(e.aliases ?? [])];

describe('the endpoint table', () => {
  it('every entry is served at each of its paths with its method and permission', () => {
    const served = new Map(h.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.permission]));
    for (const [name, e] of entries) {
      for (const p of pathsOf(e)) expect(served.get(`${e.method} ${API_BASE}${p}`), name).toBe(e.permission);
    }
  });

  it('refuses to build when a handler has no entry or an entry has no handler', () => {
    const noop = () => Promise.resolve(null);
    const all = Object.fromEntries(entries.map(([n]) => [n, noop])) as unknown as Handlers;
    const { signIn: _, ...missing } = all;
    const admission = {
      readmit: () => Promise.resolve(),
      settled: <T>(_req: unknown, handler: () => Promise<T>) => handler(),
      confirmed: () => Promise.resolve(),
    };
    expect(() => registerEndpoints(Fastify() as unknown as App, missing as Handlers, { publicRateLimit: 1, admission })).toThrow(/missing signIn/);
    expect(() => registerEndpoints(Fastify() as unknown as App, { ...all, stray: noop } as Handlers, { publicRateLimit: 1, admission })).toThrow(/extra stray/);
  });

  it('a known path called with another method answers 405 with Allow, in the envelope', async () => {
    const r = await h.app.inject({ method: 'POST', url: `${API_BASE}/admin/Workorder/list`, headers: { lang: 'en-US' } });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
    expect(r.json()).toMatchObject({ code: 405, data: null });
    expect(r.json().msg).toMatch(/method/i);
    // case-insensitive, like the routes themselves; an alias counts too
    const alias = await h.app.inject({ method: 'GET', url: `${API_BASE}/ADMIN/work/BATCHCLAIM?x=1` });
    expect(alias.statusCode).toBe(405);
    expect(alias.headers.allow).toBe('POST');
    // an unknown path is still 404
    expect((await h.app.inject({ method: 'POST', url: `${API_BASE}/admin/Nothing/here` })).statusCode).toBe(404);
  });

  it('/docs/json documents the request and the reply of every call', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>; summary?: string }
        >
      >;
    }>();
    for (const [name, e] of entries) {
      const op = doc.paths[`${API_BASE}${e.path}`]?.[e.method.toLowerCase()];
      expect(op, name).toBeDefined();
      expect(op.summary, name).toBe(e.summary);
      if (e.query) expect(op.parameters?.length, `${name} query`).toBeGreaterThan(0);
      if (e.body) expect(op.requestBody, `${name} body`).toBeDefined();
      if (e.reply !== FILE_REPLY) {
        const schema = op.responses?.['200']?.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        expect(schema?.properties?.data, `${name} reply`).toBeDefined();
      }
    }
  });

  it('replies are checked against the table: what the SPA reads is what the schema says', async () => {
    const token = await login(h.app, 'admin');
    const r = await call(h.app, 'GET', '/admin/Workorder/list', { token, payload: { company_id: h.property, pageSize: 1 } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data.data[0]).sort()).toEqual(Object.keys(ENDPOINTS.workOrderList.reply.shape.data.element.shape).sort());
  });
});
