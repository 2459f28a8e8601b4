/**
 * The built SPA as the server sends it (docs/design.md, "Scale"): hashed bundles with their
 * pre-compressed twin for browsers that accept it and cached for a year as immutable;
 * index.html (also as the fallback of client-side routes) revalidated on every load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type Harness } from './helper.ts';

let h: Harness;
let dist: string;
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-dist-'));
  fs.mkdirSync(path.join(dist, 'js'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  fs.writeFileSync(path.join(dist, 'js', 'main.Ab12Cd34.js'), BUNDLE);
  fs.writeFileSync(path.join(dist, 'js', 'main.Ab12Cd34.js.br'), zlib.brotliCompressSync(BUNDLE));
  fs.writeFileSync(path.join(dist, 'js', 'main.Ab12Cd34.js.gz'), zlib.gzipSync(BUNDLE));
  h = await setup({ webDist: dist });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static assets', () => {
  it('a hashed bundle comes brotli-compressed when accepted, immutable for a year', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/js/main.Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(BUNDLE);
  });

  it('gzip for a client without brotli, the plain file for one without either', async () => {
    const gz = await h.app.inject({ method: 'GET', url: '/js/main.Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await h.app.inject({ method: 'GET', url: '/js/main.Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('index.html, directly or as the fallback of a client route, is revalidated on every load', async () => {
    for (const url of ['/index.html', '/workorder/list']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.body).toContain('<title>SPA</title>');
    }
  });

  it('pages, bundles and API replies carry the security headers (CSP, no framing by others, nosniff)', async () => {
    const urls = ['/workorder/list', '/js/main.Ab12Cd34.js', '/index.php/health', '/index.php/admin/Workorder/list'];
    const replies = await Promise.all(urls.map((url) => h.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })));
    for (const [i, r] of replies.entries()) {
      expect(r.headers['content-security-policy'], urls[i]).toMatch(/default-src 'self'.*frame-ancestors 'self'.*script-src 'self'/);
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['strict-transport-security']).toBeUndefined(); // HSTS only when served over TLS
    }
    expect(replies[3].statusCode).toBe(401);
  });
});
