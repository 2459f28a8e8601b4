/**
 * The import bomb: a small .xlsx whose sheet unpacks to far more XML than the import takes,
 * posted four times at once over HTTP to a listening app while another client polls
 * `/index.php/health` (the clients run in their own process, bench/bomb-client.mjs).
 * Prints the time to refusal, the extra RSS and the /health latency.
 * Targets: refused in <= 2 s, <= 100 MB extra RSS, /health < 100 ms.
 * Runs on its own with `node --expose-gc --import tsx bench/import-bomb.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/connect.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedDemo } from '../server/src/db/seed/index.ts';
import { DEMO_PASSWORD } from '../server/src/db/seed/data.ts';
import { syncMenuCatalogue } from '../server/src/modules/access/repo.ts';
import { checkUnpackedSize } from '../server/src/modules/work-orders/import-guard.ts';

const MB = 1024 * 1024;

/** An import sheet of `rows` rows (the complaints template's columns); returns the file and its unpacked size. */
async function bombFile(rows: number): Promise<{ file: Buffer; unpacked: number }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (b: Buffer) => chunks.push(b));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('import');
  ws.addRow(['请求人', '联系电话', '投诉对象', '标题', '详细内容', '发生日期', '满意度评分', '匿名反馈']).commit();
  const content = '楼道卫生需要打扫，垃圾没有及时清运。'.repeat(4);
  for (let i = 0; i < rows; i++) ws.addRow(['住户', '13900000000', '保洁', '楼道卫生', content]).commit();
  ws.commit();
  await wb.commit();
  const file = Buffer.concat(chunks);
  return { file, unpacked: await checkUnpackedSize(file, Infinity) };
}

/** Runs bench/bomb-client.mjs in `role`; `done` resolves with the JSON line it prints. */
function client(role: 'poll' | 'post', env: NodeJS.ProcessEnv) {
  const proc = spawn(process.execPath, [fileURLToPath(new URL('./bomb-client.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...env, BOMB_ROLE: role },
  });
  let out = '';
  proc.stdout.on('data', (b) => (out += b));
  const done = new Promise<unknown>((resolve, reject) =>
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`bomb client ${role} exited ${code}`)))),
  );
  return { proc, done };
}

/** Posts a bomb of `rows` rows to a listening app while polling /health; returns the lines to print. */
export async function importBomb(rows = Number(process.env.BENCH_BOMB_ROWS || 190_000)): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-bomb-'));
  const { db } = openDatabase(`sqlite:${path.join(dir, 'bomb.db')}`);
  await migrateToLatest(db);
  await syncMenuCatalogue(db);
  await seedDemo(db);
  const app = await buildApp({ db, webDist: null, publicRateLimit: 1_000_000, logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/index.php`;
  const lines: string[] = [];
  try {
    const token = (
      (await (
        await fetch(`${base}/admin/Login/sign`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
        })
      ).json()) as { data: { token: string } }
    ).data.token;
    const company = (await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const appId = (
      await db.selectFrom('applications').select('id').where('company_id', '=', company).where('name', '=', '投诉与建议').executeTakeFirstOrThrow()
    ).id;

    // Under the unpacked-size cap too: the row cap must stop the streaming reader.
    for (const n of [rows, 10_001 * 5]) {
      const t0 = Date.now();
      const { file, unpacked } = await bombFile(n);
      const genMs = Date.now() - t0;
      const bombPath = path.join(dir, 'bomb.xlsx');
      fs.writeFileSync(bombPath, file);

      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
      const env = { ...process.env, BOMB_BASE: base, BOMB_TOKEN: token, BOMB_COMPANY: String(company), BOMB_APP: String(appId), BOMB_FILE: bombPath };
      const poller = client('poll', env);
      await new Promise((r) => poller.proc.stderr.once('data', r)); // polling has begun
      const posted = (await client('post', env).done) as { answers: string[]; ms: number };
      poller.proc.stdin.end();
      const health = (await poller.done) as { max: number | null; p50: number | null; polls: number };
      clearInterval(sampler);
      lines.push(
        `Import bomb: ${n.toLocaleString()} rows, ${(file.length / MB).toFixed(1)} MiB file, ${(unpacked / MB).toFixed(0)} MiB unpacked (made in ${(genMs / 1000).toFixed(1)} s): ` +
          `4 posts answered ${[...new Set(posted.answers.sort())].join(', ')} in ${posted.ms.toFixed(0)} ms, +${((rssPeak - rssBefore) / MB).toFixed(0)} MB RSS, ` +
          `/health p50 ${health.p50?.toFixed(1) ?? '-'} ms, max ${health.max?.toFixed(1) ?? '-'} ms over ${health.polls} polls — targets <= 2 s, <= 100 MB, < 100 ms`,
      );
    }
  } finally {
    await app.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) for (const l of await importBomb()) console.log(l);
