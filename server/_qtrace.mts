import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from './src/app.ts';
const log: string[] = [];
let on = false;
const sqlite = new Database(process.argv[2]);
sqlite.pragma('journal_mode = WAL');
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => { if (on) log.push(`${e.queryDurationMillis.toFixed(2)}ms ${e.query.sql.slice(0, 400)}`); } });
const app = await buildApp({ db, dialect: 'sqlite', webDist: null, logLevel: 'silent' } as any);
await app.ready();
const sign = await app.inject({ method: 'POST', url: '/index.php/admin/Login/sign', payload: { username: 'admin', password: 'SmartWO#2026' } });
const token = sign.json().data.token;
for (const url of process.argv.slice(3)) {
  await app.inject({ method: 'GET', url, headers: { token } });
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url, headers: { token } });
  on = true; log.length = 0;
  const N = 1000;
  const t = performance.now();
  let r: any;
  for (let i = 0; i < N; i++) r = await app.inject({ method: 'GET', url, headers: { token } });
  console.log(`\n== ${url} ${r.statusCode} ${((performance.now() - t) / N).toFixed(3)}ms/req`);
  on = false;
  const agg = new Map<string, number>();
  for (const l of log) { const [ms, ...rest] = l.split('ms '); const k = rest.join('ms ').slice(0, 120); agg.set(k, (agg.get(k) ?? 0) + Number(ms)); }
  for (const [k, v] of agg) console.log((v / N).toFixed(3) + 'ms ' + k);
}
await app.close();
