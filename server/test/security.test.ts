import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, redactUrl } from '../src/http/security.ts';
import { appKey, call, DEMO_PASSWORD, login, setup, submitRepair, type Harness } from './helper.ts';

const lastSession = (h: Harness) => h.db.selectFrom('sessions').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
const lastLoginLog = (h: Harness) =>
  h.db.selectFrom('operation_logs').select('ip').where('action', '=', 'login').orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('client address behind (no) proxy', () => {
  let h: Harness;
  beforeAll(async () => (h = await setup({ publicRateLimit: 5 })));
  afterAll(() => h.close());

  it('ignores X-Forwarded-For by default: spoofed addresses share one public rate limit', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const r = await call(h.app, 'POST', '/home/Work_Create/templateData', {
        payload: { app_key: key },
        headers: { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` },
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.filter((s) => s === 429).length).toBe(65);
  });

  it('stores the socket address, not a spoofed one, in the session and the operation log', async () => {
    const r = await call(h.app, 'POST', '/admin/Login/sign', {
      payload: { username: 'wangfang', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    expect(r.status).toBe(200);
    expect((await lastSession(h)).ip).toBe('127.0.0.1');
    expect((await lastLoginLog(h)).ip).toBe('127.0.0.1');
  });
});

describe('public rate limit under concurrent calls', () => {
  let h: Harness;
  beforeAll(async () => (h = await setup({ publicRateLimit: 5 })));
  afterAll(() => h.close());

  it('lets exactly the limit through when the calls arrive together, then refuses the next', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    // Arriving in one turn, the hits are counted by one statement (http/rate-limit-store.ts).
    const together = await Promise.all(Array.from({ length: 8 }, () => call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } })));
    const statuses = together.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect((await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } })).status).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('parses off, hop counts and address lists; refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => parseTrustProxy('true')).toThrow();
  });

  it('uses the forwarded address when the proxy is trusted', async () => {
    for (const trustProxy of [1, ['127.0.0.1']]) {
      const h = await setup({ trustProxy });
      try {
        const r = await call(h.app, 'POST', '/admin/Login/sign', {
          payload: { username: 'wangfang', password: DEMO_PASSWORD },
          headers: { 'x-forwarded-for': '6.6.6.6' },
        });
        expect(r.status).toBe(200);
        expect((await lastSession(h)).ip).toBe('6.6.6.6');
        expect((await lastLoginLog(h)).ip).toBe('6.6.6.6');
      } finally {
        await h.close();
      }
    }
  });
});

describe('request log', () => {
  let h: Harness;
  let text = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        text += String(chunk);
        done();
      },
    });
    h = await setup({ logLevel: 'info', logStream: stream });
  });
  afterAll(() => h.close());

  it('keeps idents, tokens and passwords out of logged URLs and headers', async () => {
    const order = await submitRepair(h);
    const token = await login(h.app, 'admin');
    const ident = order.ident;
    const r = await h.app.inject({
      method: 'GET',
      url: `/index.php/admin/Applet/applet_work_order_see?ident=${ident}&password=Hunter2secret&x=1`,
      headers: { token, authorization: `Bearer ${token}`, cookie: `sid=${token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(text).toContain('/index.php/admin/Applet/applet_work_order_see');
    expect(text).toContain('x=1');
    expect(text).not.toContain(ident);
    expect(text).not.toContain(token);
    expect(text).not.toContain('Hunter2secret');
    expect(text).not.toContain(DEMO_PASSWORD);
    const line = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request completed' && String(l.url).includes('applet_work_order_see'));
    expect(line).toMatchObject({ level: 30, method: 'GET', statusCode: 200, reqId: expect.any(String) });
    expect(line?.url).toContain('ident=[redacted]');
  });

  it('redacts a secret parameter however its name is spelled, and leaves other URLs as they are', () => {
    const plain = '/index.php/admin/Workorder/list?company_id=1&pageNo=1&tokenish=2&keyword=a';
    expect(redactUrl(plain)).toBe(plain);
    expect(redactUrl('/index.php/health')).toBe('/index.php/health');
    expect(redactUrl('/x?TOKEN=abc&y=1')).toBe('/x?TOKEN=[redacted]&y=1');
    expect(redactUrl('/x?y=1&ident=abc')).toBe('/x?y=1&ident=[redacted]');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?api%5Fkey=abc&code')).toBe('/x?api%5Fkey=[redacted]&code=[redacted]');
    expect(redactUrl('/x?keyword=a+b&sign=s')).toBe('/x?keyword=a+b&sign=[redacted]');
  });
});

describe('response headers', () => {
  let h: Harness;
  beforeAll(async () => (h = await setup()));
  afterAll(() => h.close());

  it('API replies are not stored by caches, errors included', async () => {
    for (const url of ['/index.php/health', '/index.php/admin/Home/company_list', '/index.php/no/such/route']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.headers['cache-control'], url).toBe('no-store');
    }
    const post = await h.app.inject({ method: 'POST', url: '/index.php/admin/Login/sign', payload: { username: 'x', password: 'y' } });
    expect(post.headers['cache-control']).toBe('no-store');
  });

  it('sends no HSTS by default', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/index.php/health' });
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when configured for TLS', async () => {
    const t = await setup({ hsts: true });
    try {
      const r = await t.app.inject({ method: 'GET', url: '/index.php/health' });
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await t.close();
    }
  });
});
