/**
 * End-to-end tests in Debian's Chromium against the real server, which the global setup
 * starts on a fresh SQLite database with the demo data (serving the built SPA, web/dist).
 */
import { spawnSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * The server's port: E2E_PORT, else 18080 when free, else any free port. It is put into
 * the environment so that the workers (which load this file again) agree on it.
 */
function pickPort(): number {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  const probe = `const s=require('net').createServer();s.once('error',()=>{const t=require('net').createServer();t.listen(0,'127.0.0.1',()=>{console.log(t.address().port);t.close()})});s.listen(18080,'127.0.0.1',()=>{console.log(18080);s.close()})`;
  const out = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).stdout.trim();
  const port = Number(out) || 18080;
  process.env.E2E_PORT = String(port);
  return port;
}

export const E2E_PORT = pickPort();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  // A loaded 2-core machine (server, Chromium and the suite share it) can take seconds to paint a list.
  expect: { timeout: 20_000 },
  // One more try for a test that failed: on this loaded 2-core machine a click can still be
  // lost to an animation now and then. `npm test` names every test that needed it (flaky),
  // so a flake is seen and mended, not hidden; one failing twice fails the run.
  retries: 1,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The SPA then plays no antd animation (web/src/app/reducedMotion.ts): nothing to wait
    // out before a click, and no frames drawn for it on this 2-core machine. The main job
    // (main-job*.spec.ts) and one test of misc.spec.ts run with the animations users see.
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
