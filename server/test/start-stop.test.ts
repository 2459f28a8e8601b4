/** `npm start` (scripts/start.mjs) stops its server on SIGTERM, and when it dies itself. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const started: ChildProcess[] = [];
const dirs: string[] = [];

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = net.connect(port, '127.0.0.1');
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await cond()) return true;
  return cond();
}

/** Runs scripts/start.mjs (API only, fresh SQLite file) and waits until it listens. */
async function start(): Promise<{ proc: ChildProcess; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-start-'));
  dirs.push(dir);
  const port = await freePort();
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
      WEB_DIST: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
  });
  started.push(proc);
  let out = '';
  proc.stdout.on('data', (b) => (out += b));
  proc.stderr.on('data', (b) => (out += b));
  const up = await until(async () => /running at/.test(out) && (await portOpen(port)), 25_000);
  expect(up, out).toBe(true);
  return { proc, port };
}

const exited = (p: ChildProcess) => new Promise<number | null>((r) => (p.exitCode !== null ? r(p.exitCode) : p.once('exit', (code) => r(code))));

afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null) p.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('npm start', () => {
  it('SIGTERM stops the server it started and frees the port', async () => {
    const { proc, port } = await start();
    proc.kill('SIGTERM');
    expect(await exited(proc)).toBe(0);
    expect(await until(async () => !(await portOpen(port)), 5_000)).toBe(true);
  }, 40_000);

  it('the server stops when start itself is killed', async () => {
    const { proc, port } = await start();
    proc.kill('SIGKILL');
    await exited(proc);
    expect(await until(async () => !(await portOpen(port)), 5_000)).toBe(true);
  }, 40_000);
});
