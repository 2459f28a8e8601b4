/**
 * Starts the real server for the end-to-end tests: a fresh SQLite database and upload
 * directory in a temporary folder, the demo data seeded, the built SPA (web/dist, built
 * here when missing) served with its fallback. Waits for /index.php/health; the returned
 * function stops the server and removes the folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from './playwright.config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HEALTH_TIMEOUT_MS = 90_000;

async function waitForHealth(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer ${url} within ${HEALTH_TIMEOUT_MS} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the SPA failed');
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-e2e-'));
  const log = fs.openSync(path.join(tmp, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(tmp, 'e2e.db')}`,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The tests sign in many times from one address.
      PUBLIC_RATE_LIMIT: '1000',
      // A spec may stand for clients of several addresses (X-Forwarded-For), e.g. SMS codes are limited per address.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${E2E_PORT}/index.php/health`, child);
  } catch (e) {
    child.kill('SIGTERM');
    console.error(fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').slice(-4000));
    throw e;
  }
  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}
