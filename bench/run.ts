/**
 * `npm run bench`: a SQLite database with 1,000,000 work orders generated in bulk (two
 * companies), then p50/p95 of the list call, allDaiNumber, pendingNumber and create
 * through the app (in-process inject), each beside the raw SQL of the same work measured
 * in the same run. BENCH_ORDERS and BENCH_SAMPLES override the size; BENCH_KEEP=1 keeps the
 * database file.
 * Targets: list p95 <= 20 ms, allDaiNumber <= 2 ms, create <= 10 ms.
 * Then the organisation bench (bench/organisation.ts: data scopes, Staff/list, orglist at
 * 10,000 staff), Excel export and import, the import bomb (bench/import-bomb.ts) and the
 * forms bench (bench/forms.ts: validation, uploads, rendering), the SPA's first load
 * (bench/spa.ts: login page JavaScript, sign-in to the list), and last the HTTP load
 * section (bench/http-load.ts: the app as its own process under autocannon, SQLite and
 * PostgreSQL, beside a bare Fastify).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../server/src/app.ts';
import { formsBench } from './forms.ts';
import { generateSqlite } from './generate.ts';
import { httpLoad } from './http-load.ts';
import { importBomb } from './import-bomb.ts';
import { organisationBench } from './organisation.ts';
import { spaBench } from './spa.ts';
import { header, row, time } from './stats.ts';

const TOTAL = Number(process.env.BENCH_ORDERS || 1_000_000);
const N = Number(process.env.BENCH_SAMPLES || 300);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-bench-'));
const file = path.join(dir, 'bench.db');
const { db, companies, apps, existing, toMake } = await generateSqlite(file, TOTAL);
// A second connection for the raw SQL measured beside the app.
const raw = new Database(file);

const app = await buildApp({ db, webDist: null, publicRateLimit: 1_000_000, logLevel: 'silent' });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/index.php/admin/Login/sign', payload: { username: 'admin', password: 'SmartWO#2026' } });
const token = login.json<{ data: { token: string } }>().data.token;
const company = companies[0].id;
const appKey = (raw.prepare('select app_key from applications where company_id = ? and name = ?').get(company, '投诉与建议') as { app_key: string }).app_key;

const get = (url: string) => app.inject({ method: 'GET', url, headers: { token } });
const post = (url: string, payload: object, headers: Record<string, string> = { token }) => app.inject({ method: 'POST', url, payload, headers });
const check = async (p: Promise<{ statusCode: number; body: string }>) => {
  const r = await p;
  if (r.statusCode !== 200) throw new Error(r.body);
  return r;
};

const listSql = raw.prepare(`select w.id, w.order_no, w.title, w.status, w.application_id, a.name as application_name, w.template_id, w.template_version,
  w.category_id, c.name as category_name, w.handler_id, h.name as handler_name, w.requester_name, w.requester_phone, w.reason, w.created_at, w.updated_at, w.version
  from work_orders w join applications a on a.id = w.application_id left join categories c on c.id = w.category_id left join staff h on h.id = w.handler_id
  where w.company_id = ? and w.deleted_at is null ORDER BY w.id desc limit 20 offset ?`);
const listStatusSql = raw.prepare(`select w.id, w.order_no, w.title, w.status, a.name as application_name, h.name as handler_name, w.created_at
  from work_orders w join applications a on a.id = w.application_id left join staff h on h.id = w.handler_id
  where w.company_id = ? and w.status = ? and w.deleted_at is null order by w.id desc limit 20 offset ?`);
const countSql = raw.prepare('select status, count from work_order_status_counts where company_id = ?');
const naiveCountSql = raw.prepare(`select count(*) n from work_orders where company_id = ? and status = 'unassigned' and deleted_at is null`);
const rawInsert = raw.prepare(`insert into work_orders (company_id, order_no, title, status, application_id, template_id, template_version, category_id,
  requester_name, requester_phone, form_data, version, created_at, updated_at) values (?, ?, 'raw', 'unassigned', ?, ?, 1, null, 'r', '1', '{}', 1, ?, ?)`);
const anApp = apps.find((a) => a.company_id === company)!;

const results: string[] = [];
const page = (i: number) => 1 + (Math.abs(i) % 5);

const list = await time(N, (i) => check(get(`/index.php/admin/Workorder/list?company_id=${company}&pageNo=${page(i)}&pageSize=20`)));
const listRaw = await time(N, (i) => (listSql.all(company, (page(i) - 1) * 20), countSql.all(company)));
results.push(row('Workorder/list (all, pages 1-5)', list, listRaw, 'p95<=20ms'));

const listS = await time(N, (i) => check(get(`/index.php/admin/Workorder/list?company_id=${company}&status=processing&pageNo=${page(i)}&pageSize=20`)));
const listSRaw = await time(N, (i) => (listStatusSql.all(company, 'processing', (page(i) - 1) * 20), countSql.all(company)));
results.push(row('Workorder/list (status tab)', listS, listSRaw, 'p95<=20ms'));

for (const [label, kw] of [
  ['two Chinese characters', '漏水'],
  ['one Chinese character', '灯'],
  ['a Latin word', 'pump'],
  ['an order number', 'B000000500000'],
] as const) {
  const t = await time(N, (i) =>
    check(get(`/index.php/admin/Workorder/list?company_id=${company}&keyword=${encodeURIComponent(kw)}&pageNo=${page(i)}&pageSize=20`)),
  );
  results.push(row(`Workorder/list, keyword: ${label}`, t, null, 'p95<=50ms'));
}

const dai = await time(N, () => check(post('/index.php/admin/Work/allDaiNumber', { company_id: company })));
const daiRaw = await time(N, () => countSql.all(company));
results.push(row('Work/allDaiNumber', dai, daiRaw, '<=2ms'));
const naive = await time(Math.min(N, 30), () => naiveCountSql.get(company), 3);
results.push(row('  (for scale: raw count(*) scan)', naive, null, '-'));

const pending = await time(N, () => check(get(`/index.php/admin/Work/pendingNumber?company_id=${company}`)));
results.push(row('Work/pendingNumber', pending, daiRaw, '-'));

const form = { target: '1', subject: '基准测试', content: '基准测试创建的工单' };
const create = await time(N, () =>
  check(post('/index.php/home/Work_Create/createWorkNew', { app_key: appKey, requester_name: '压测', requester_phone: '13800000000', form_data: form }, {})),
);
let k = 0;
const createRaw = await time(N, () => {
  const at = new Date().toISOString();
  rawInsert.run(company, `R${k++}`, anApp.id, anApp.template_id, at, at);
});
results.push(row('createWorkNew (validate+insert+record+log)', create, createRaw, '<=10ms'));

console.log(`\nSQLite, ${(existing + toMake).toLocaleString()} orders, ${N} samples each (ratio = app p50 / raw p50)\n`);
console.log(header());
for (const r of results) console.log(r);

// --- Organisation: data scopes, staff list and org tree at 10,000 staff -------------------
const signIn = async (username: string) =>
  (JSON.parse((await check(post('/index.php/admin/Login/sign', { username, password: 'SmartWO#2026' }, {}))).body) as { data: { token: string } }).data.token;
const [orgSetup, ...orgRows] = await organisationBench({ app, raw, company, samples: N, login: signIn });
console.log(`\nOrganisation: ${orgSetup}\n`);
console.log(header());
for (const r of orgRows) console.log(r);

// --- Excel: export of 100,000 orders, import of 10,000 rows ---------------------------
const EXPORT_ROWS = Math.min(100_000, Number(process.env.BENCH_EXPORT_ROWS || 100_000));
const cut = raw
  .prepare('select created_at from work_orders where company_id = ? and deleted_at is null order by id desc limit 1 offset ?')
  .get(company, EXPORT_ROWS - 1) as { created_at: string } | undefined;
const from = cut?.created_at ?? '2000-01-01';
const expected = (
  raw.prepare('select count(*) n from work_orders where company_id = ? and created_at >= ? and deleted_at is null').get(company, from) as { n: number }
).n;
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
let t = Date.now();
const exp = await app.inject({
  method: 'GET',
  url: `/index.php/admin/Work/export?company_id=${company}&created_from=${encodeURIComponent(from)}`,
  headers: { token },
});
const exportMs = Date.now() - t;
clearInterval(sampler);
if (exp.statusCode !== 200) throw new Error(exp.body);
console.log(
  `\nExport of ${expected.toLocaleString()} orders: ${(exportMs / 1000).toFixed(1)} s, file ${(exp.rawPayload.length / 1048576).toFixed(1)} MiB, ` +
    `peak RSS ${(rssPeak / 1048576).toFixed(0)} MB (${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB above the ${(rssBefore / 1048576).toFixed(0)} MB before; ` +
    `the in-process inject also holds the whole file) — targets <= 15 s, <= 300 MB`,
);

const ExcelJS = (await import('exceljs')).default;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS || 10_000);
const complaints = (raw.prepare('select id from applications where company_id = ? and name = ?').get(company, '投诉与建议') as { id: number }).id;
const wb = new ExcelJS.Workbook();
const sheet = wb.addWorksheet('import');
sheet.addRow(['请求人', '联系电话', '投诉对象', '标题', '详细内容', '发生日期', '满意度评分', '匿名反馈']);
for (let i = 0; i < IMPORT_ROWS; i++)
  sheet.addRow([
    `住户${i}`,
    `1390${String(i).padStart(7, '0')}`,
    '保洁',
    `楼道卫生 ${i}`,
    `第 ${i} 条导入的投诉内容`,
    '2026-11-20',
    (i % 5) + 1,
    i % 2 ? '是' : '否',
  ]);
const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
const upload = new FormData();
upload.append('company_id', String(company));
upload.append('application_id', String(complaints));
upload.append('file', new Blob([new Uint8Array(xlsx)]), 'import.xlsx');
t = Date.now();
const imp = await app.inject({ method: 'POST', url: '/index.php/admin/Work/batchUpload', headers: { token }, payload: upload });
const importMs = Date.now() - t;
const report = imp.json<{ data: { created: number } }>().data;
if (imp.statusCode !== 200 || report.created !== IMPORT_ROWS) throw new Error(imp.body.slice(0, 500));
console.log(
  `Import of ${IMPORT_ROWS.toLocaleString()} rows (${(xlsx.length / 1048576).toFixed(1)} MiB): ${(importMs / 1000).toFixed(1)} s, ${report.created.toLocaleString()} created in one transaction — target <= 15 s`,
);

await app.close();
await db.destroy();
raw.close();

for (const line of await importBomb()) console.log(line);

// --- Forms: validation, uploads, rendering (bench/forms.ts, its own small database) -------
console.log(`\nForms (bench/forms.ts)\n`);
console.log(header());
for (const line of await formsBench(N)) console.log(line);

// --- SPA first load (bench/spa.ts, Chromium, its own small database) ----------------------
console.log('');
for (const line of await spaBench()) console.log(line);

// --- HTTP load (bench/http-load.ts): the app started as users start it, under autocannon,
// on the database above (it saves generating another million orders) and on PostgreSQL.
for (const line of await httpLoad({ sqliteFile: file })) console.log(line);

// BENCH_KEEP=1 keeps the database for a closer look (EXPLAIN, profiles).
if (process.env.BENCH_KEEP) console.log(`Database kept: ${file}`);
else fs.rmSync(dir, { recursive: true, force: true });
