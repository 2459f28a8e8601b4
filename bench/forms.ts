/**
 * Forms bench (part of `npm run bench`; alone: `node --expose-gc --import tsx bench/forms.ts`):
 * - server validation of a 200-field submission (ten common types and one rich-text field,
 *   the contract's validator with the server's rich-text cleaner), beside a bare walk over the same values; and the whole public create
 *   call with that form over HTTP (in-process inject);
 * - upload of a 5 MB photo (12 MP JPEG) through `/admin/Upload/uploadTwo`, incl. the type
 *   sniffing and the re-encoding without EXIF plus the thumbnail, beside sharp doing the
 *   same re-encoding alone; peak RSS stated;
 * - the time Chromium takes to show the public form with 200 fields, beside the same page
 *   with a 4-field form, on a server listening on a port (needs web/dist: `npm run build`).
 * Targets: validation p95 <= 2 ms, upload p95 <= 500 ms, 200-field render <= 500 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { validateFormData, type FormField, type FormTemplate } from '@swo/contract';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/connect.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedDemo } from '../server/src/db/seed/index.ts';
import { syncMenuCatalogue } from '../server/src/modules/access/repo.ts';
import { sanitizeRichText } from '../server/src/lib/rich-text.ts';
import { fmt, header, row, time } from './stats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A form of `n` fields cycling through the common types, every fifth pair in a grid, and its filled values. */
export function bigForm(n: number): { form: FormTemplate; values: Record<string, unknown> } {
  const choices = [
    { value: '1', label: '是' },
    { value: '2', label: '否' },
    { value: '3', label: '不确定' },
  ];
  const kinds: [string, Record<string, unknown>, (i: number) => unknown][] = [
    ['input', { maxLength: 100 }, (i) => `第 ${i} 项的内容`],
    ['textarea', { maxLength: 500 }, (i) => `较长的说明 ${i}，`.repeat(8)],
    ['number', { min: 0, max: 1000 }, (i) => i],
    ['select', { options: choices }, () => '2'],
    ['radio', { options: choices }, () => '1'],
    ['checkbox', { options: choices }, () => ['1', '3']],
    ['date', { format: 'YYYY-MM-DD' }, () => '2026-11-24'],
    ['switch', {}, () => true],
    ['rate', { max: 5 }, () => 4],
    ['time', { format: 'HH:mm' }, () => '09:30'],
  ];
  const values: Record<string, unknown> = {};
  const fields: FormField[] = [];
  for (let i = 0; i < n; i++) {
    // One rich-text field, as forms have: its HTML goes through the server's cleaner.
    const [type, options, value] =
      i === 100 ? (['editor', {}, (j: number) => `<p>第 <strong>${j}</strong> 段</p><script>x()</script>`] as const) : kinds[i % kinds.length];
    const model = `f${i}`;
    fields.push({
      type,
      label: `字段 ${i}`,
      model,
      key: `${type}_${i}`,
      options: { width: '100%', ...options },
      rules: [{ required: i % 3 === 0, message: '必填项' }],
    });
    values[model] = value(i);
  }
  const list: FormField[] = [];
  for (let i = 0; i < fields.length; i++) {
    if (i % 10 === 0 && i + 1 < fields.length) {
      list.push({
        type: 'grid',
        label: '',
        model: '',
        key: `grid_${i}`,
        options: {},
        columns: [
          { span: 12, list: [fields[i]] },
          { span: 12, list: [fields[i + 1]] },
        ],
      });
      i++;
    } else list.push(fields[i]);
  }
  return { form: { list, config: { layout: 'vertical' } }, values };
}

/** A photo-like 12 MP JPEG (gradients and grain) of about `mb` MB. */
async function photo(mb: number): Promise<Buffer> {
  const w = 4000;
  const h = 3000;
  const px = Buffer.alloc(w * h * 3);
  let seed = 7;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const o = (y * w + x) * 3;
      px[o] = (x * 255) / w + grain;
      px[o + 1] = (y * 255) / h + grain;
      px[o + 2] = 128 + Math.sin(x / 90) * 60 + grain;
    }
  }
  let q = 90;
  let out = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: q })
    .toBuffer();
  while (out.length < mb * 1048576 * 0.9 && q < 100) {
    q += 2;
    out = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: q })
      .toBuffer();
  }
  return out;
}

export async function formsBench(samples = 300): Promise<string[]> {
  const lines: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-bench-forms-'));
  const { db } = openDatabase(`sqlite:${path.join(dir, 'forms.db')}`);
  await migrateToLatest(db);
  await syncMenuCatalogue(db);
  await seedDemo(db);
  const webDist = fs.existsSync(path.join(root, 'web/dist/index.html')) ? path.join(root, 'web/dist') : null;
  const app = await buildApp({ db, webDist, publicRateLimit: 1_000_000, logLevel: 'silent', uploadDir: path.join(dir, 'uploads'), bodyLimit: 12 * 1048576 });
  await app.ready();
  const json = async <T>(r: Promise<{ statusCode: number; body: string }>): Promise<T> => {
    const res = await r;
    if (res.statusCode !== 200) throw new Error(res.body);
    return (JSON.parse(res.body) as { data: T }).data;
  };
  const { token } = await json<{ token: string }>(
    app.inject({ method: 'POST', url: '/index.php/admin/Login/sign', payload: { username: 'admin', password: 'SmartWO#2026' } }),
  );
  const companies = await json<{ company_id: number }[]>(
    app.inject({ method: 'GET', url: '/index.php/admin/Home/company_list?company_id=0', headers: { token } }),
  );
  const company = companies[0].company_id;
  const apps = await json<{ data: { name: string; app_key: string; template_id: number }[] }>(
    app.inject({ method: 'GET', url: `/index.php/admin/Application/list?company_id=${company}&pageNo=1&pageSize=50`, headers: { token } }),
  );
  const [big, small] = apps.data;

  // --- Validation of a 200-field submission --------------------------------------------
  const { form, values } = bigForm(200);
  const v = await time(samples, () => {
    const r = validateFormData(form, values, { sanitizeHtml: sanitizeRichText });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
  });
  const models = Object.keys(values);
  let sink = 0;
  const bare = await time(samples, () => {
    for (const m of models) sink += typeof values[m] === 'string' ? values[m].length : 1;
  });
  lines.push(row('validate 200 fields (contract, server cleaner)', v, bare, 'p95<=2ms'));
  await json(
    app.inject({
      method: 'POST',
      url: '/index.php/admin/template/edit',
      headers: { token },
      payload: { company_id: company, id: big.template_id, schema: form },
    }),
  );
  const create = await time(Math.min(samples, 200), () =>
    json(
      app.inject({
        method: 'POST',
        url: '/index.php/home/Work_Create/createWorkNew',
        payload: { app_key: big.app_key, requester_name: '压测', requester_phone: '13800000000', form_data: values },
      }),
    ),
  );
  lines.push(row('createWorkNew with the 200-field form (HTTP)', create, v, '-'));

  // --- Upload of a 5 MB photo ------------------------------------------------------------
  const jpeg = await photo(5);
  const upload = () => {
    const body = new FormData();
    body.append('company_id', String(company));
    body.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    return json(app.inject({ method: 'POST', url: '/index.php/admin/Upload/uploadTwo', headers: { token }, payload: body }));
  };
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const up = await time(15, upload, 2);
  clearInterval(sampler);
  const reencode = await time(
    15,
    async () => {
      await Promise.all([
        sharp(jpeg).rotate().jpeg({ quality: 85, optimiseCoding: false }).toBuffer(),
        sharp(jpeg).rotate().resize(320, 320, { fit: 'inside' }).webp({ quality: 75 }).toBuffer(),
      ]);
    },
    2,
  );
  lines.push(row(`upload ${(jpeg.length / 1048576).toFixed(1)} MB 12 MP JPEG (uploadTwo)`, up, reencode, 'p95<=500ms'));
  lines.push(
    `  peak RSS during the uploads ${(rssPeak / 1048576).toFixed(0)} MB (${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB above the ${(rssBefore / 1048576).toFixed(0)} MB before); raw = sharp's re-encoding + thumbnail alone`,
  );

  // --- Chromium: time to show the 200-field public form ------------------------------------
  if (!webDist || !fs.existsSync('/usr/bin/chromium')) {
    lines.push('  (render: skipped, needs web/dist (npm run build) and /usr/bin/chromium)');
  } else {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    const page = await browser.newPage();
    // When fields enter the DOM, and the long tasks, by observers installed before the page's scripts.
    await page.addInitScript(() => {
      const w = window as unknown as { __shown: Record<string, number>; __tasks: number[]; __until: (id: string) => Promise<void> };
      w.__shown = {};
      w.__tasks = [];
      const waiting: Record<string, () => void> = {};
      // Resolved by the observer: the bench waits without polling the page (a locator's polling runs on the main thread it measures).
      w.__until = (id) => (w.__shown[id] ? Promise.resolve() : new Promise((resolve) => (waiting[id] = resolve)));
      new MutationObserver(() => {
        for (const id of ['form_f0', 'form_f199', 'requester_phone'])
          if (!w.__shown[id] && document.getElementById(id)) {
            w.__shown[id] = performance.now();
            waiting[id]?.();
          }
      }).observe(document, { subtree: true, childList: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__tasks.push(e.startTime + e.duration, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    /**
     * In ms: navigation to `last` in the DOM; from the template's arrival to `first` and to
     * `last` in the DOM, and to the end of the last long task (the page settled: laid out,
     * effects run); the longest main-thread task after the arrival.
     */
    const showing = async (key: string, first: string, last: string) => {
      const t0 = Date.now();
      await page.goto(`${base}/input?app=${key}`);
      await page.evaluate((id) => (window as unknown as { __until: (id: string) => Promise<void> }).__until(id), last);
      const nav = Date.now() - t0;
      // Long tasks still running after the last field is in (layout, effects) are counted below.
      await page.waitForTimeout(300);
      const measured: number[] = await page.evaluate(
        ([f, l]: string[]) => {
          const w = window as unknown as { __shown: Record<string, number>; __tasks: number[] };
          const arrival = performance.getEntriesByType('resource').find((e) => e.name.includes('templateData')) as { responseEnd: number } | undefined;
          const data = arrival?.responseEnd ?? 0;
          let longestTask = 0;
          let busy = 0;
          for (let i = 0; i < w.__tasks.length; i += 2)
            if (w.__tasks[i] > data) {
              longestTask = Math.max(longestTask, w.__tasks[i + 1]);
              busy = Math.max(busy, w.__tasks[i] - data);
            }
          return [w.__shown[f] - data, w.__shown[l] - data, longestTask, Math.max(busy, w.__shown[l] - data)];
        },
        [first, last],
      );
      return { nav, first: measured[0], last: measured[1], longest: measured[2], settled: measured[3] };
    };
    const smallTpl = await json<{ schema: FormTemplate }>(
      app.inject({
        method: 'POST',
        url: '/index.php/admin/template/detail',
        headers: { token },
        payload: { company_id: company, id: small.template_id, is_private: 1 },
      }),
    );
    const n = 7;
    const a: Awaited<ReturnType<typeof showing>>[] = [];
    const b: Awaited<ReturnType<typeof showing>>[] = [];
    await showing(small.app_key, 'requester_phone', 'requester_phone');
    await showing(big.app_key, 'form_f0', 'form_f199');
    for (let i = 0; i < n; i++) {
      b.push(await showing(small.app_key, 'requester_phone', 'requester_phone'));
      a.push(await showing(big.app_key, 'form_f0', 'form_f199'));
    }
    await browser.close();
    const median = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)];
    const fields = smallTpl.schema.list.filter((f) => f.model).length;
    lines.push(
      `Chromium, 200-field public form, from the template's arrival, median of ${n}: all 200 fields in the page ${fmt(median(a.map((x) => x.last)))} — target <= 500 ms; ` +
        `settled (laid out, effects run) ${fmt(median(a.map((x) => x.settled)))}; first screen (40 fields, the requester's fields, the button) ${fmt(median(a.map((x) => x.first)))}; ` +
        `longest main-thread task ${fmt(median(a.map((x) => x.longest)))}; the ${fields}-field form ${fmt(median(b.map((x) => x.last)))}`,
      `  navigation to the last field: 200 fields ${fmt(median(a.map((x) => x.nav)))}, ${fields}-field form ${fmt(median(b.map((x) => x.nav)))}`,
    );
  }
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  if (sink < 0) console.log(sink);
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = await formsBench(Number(process.env.BENCH_SAMPLES || 300));
  console.log(`\nForms\n`);
  console.log(header());
  for (const l of lines) console.log(l);
}
