/**
 * The SPA's first load (issue 12's targets), in Debian's Chromium against the built SPA
 * served by the app with the demo data:
 * - the JavaScript the login page loads, as gzip bytes of each file loaded (target <= 250 KB);
 * - signing in on the login page to the first row of the work-order list, cold (a new
 *   browser context: nothing cached but what the login page loaded), from the click on
 *   "Sign in" (target <= 1.5 s).
 * Needs web/dist (npm run build) and /usr/bin/chromium; otherwise it says it was skipped.
 * Runnable alone: node --import tsx bench/spa.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/connect.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedDemo } from '../server/src/db/seed/index.ts';
import { syncMenuCatalogue } from '../server/src/modules/access/repo.ts';
import { fmt } from './stats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist');
/** A demo member of one company: signing in lands on the work-order list without a company dialog. */
const USER = 'wuhao';

/** Issue 12's targets: the login page's JavaScript (KB gzip) and sign-in to the first list row (ms). */
const LOGIN_JS_KB = 250;
const SIGN_IN_MS = 1500;

const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];

/** The gzip size of a built file (compress-dist writes `.gz` beside each asset). */
function gzipBytes(urlPath: string): number {
  const file = path.join(dist, urlPath);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

export async function spaBench(runs = 5): Promise<string[]> {
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync('/usr/bin/chromium')) {
    return ['SPA first load: skipped (needs web/dist from npm run build, and /usr/bin/chromium)'];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-bench-spa-'));
  const { db } = openDatabase(`sqlite:${path.join(dir, 'spa.db')}`);
  const app = await buildApp({ db, webDist: dist, publicRateLimit: 1_000_000, logLevel: 'silent' });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    await migrateToLatest(db);
    await syncMenuCatalogue(db);
    await seedDemo(db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const loginJs: number[] = [];
    const fromClick: number[] = [];
    let files = 0;
    let perFile: [string, number][] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${base}/user/login`);
      await page.locator('#userName').waitFor();
      await page.waitForLoadState('networkidle');
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js')),
      );
      files = scripts.length;
      perFile = scripts.map((p) => [p, gzipBytes(p)]);
      loginJs.push(scripts.reduce((sum, p) => sum + gzipBytes(p), 0));
      await page.locator('#userName').fill(USER);
      await page.locator('#password').fill('SmartWO#2026');
      const t1 = Date.now();
      await page.locator('button[type=submit]').click();
      await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      const t2 = Date.now();
      fromClick.push(t2 - t1);
      await context.close();
    }
    const kb = median(loginJs) / 1024;
    const ms = median(fromClick);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    return [
      `SPA first load (Chromium, built SPA, demo data, median of ${runs} cold contexts)`,
      `  login page JavaScript: ${kb.toFixed(0)} KB gzip in ${files} files — target <= ${LOGIN_JS_KB} KB: ${verdict(kb <= LOGIN_JS_KB)}`,
      `  sign-in to the first list row: ${fmt(ms)} from the click — target <= 1.5 s: ${verdict(ms <= SIGN_IN_MS)}`,
      // BENCH_SPA_FILES=1: what the login page loads, largest first (to see what to cut).
      ...(process.env.BENCH_SPA_FILES === '1' ? perFile.sort((a, b) => b[1] - a[1]).map(([p, n]) => `    ${(n / 1024).toFixed(1).padStart(6)} KB  ${p}`) : []),
    ];
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await spaBench(Number(process.env.BENCH_SPA_RUNS || 5))) console.log(line);
}
