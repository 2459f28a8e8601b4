/**
 * `npm test`: installs what is missing (npm packages; Debian's chromium and CJK fonts when
 * root), then runs every suite: lint (ESLint with type-checked rules, Prettier),
 * typecheck, contract and web unit tests, the server's HTTP suite on SQLite, again on PostgreSQL when reachable (TEST_PG_URL; REQUIRE_PG=1 makes an
 * unreachable one fail the run), and the Chromium end-to-end tests. Ends with one line
 * "N passed, N failed, N skipped".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const PG_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

async function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium') && fs.existsSync('/usr/share/fonts/opentype/noto')) return true;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install Debian packages "chromium" and "fonts-noto-cjk" (as root: apt-get install -y chromium fonts-noto-cjk).');
    return fs.existsSync('/usr/bin/chromium');
  }
  console.log('Installing chromium and fonts-noto-cjk with apt-get…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  return (await run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { env })) === 0;
}

async function pgReachable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function vitest(name, dir, env = {}) {
  const out = path.join(outDir, `${name}.json`);
  console.log(`\n▶ ${name}`);
  const code = await run('npx', ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  count(name, code, out, (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) }));
}

function count(name, code, out, pick) {
  let n = null;
  try {
    n = pick(JSON.parse(fs.readFileSync(out, 'utf8')));
  } catch {
    /* no report: the runner itself failed */
  }
  if (n) for (const k of Object.keys(totals)) totals[k] += n[k] ?? 0;
  if (code !== 0 || !n || n.failed > 0) {
    failedSteps.push(name);
    if (!n || n.failed === 0) totals.failed += 1;
  }
}

/** End-to-end tests that failed and then passed on their retry ("file: title"). */
const flaky = [];

/** Adds the flaky tests of Playwright's JSON report `suite` (and its suites) to `flaky`. */
function collectFlaky(suite) {
  for (const spec of suite.specs ?? []) if (spec.tests?.some((t) => t.status === 'flaky')) flaky.push(`${spec.file}: ${spec.title}`);
  for (const child of suite.suites ?? []) collectFlaky(child);
}

async function step(name, cmd, args, env) {
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args, { env });
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failedSteps.push(name);
  }
}

await ensureDependencies();
const chromium = await ensureChromium();

await step('lint (ESLint, Prettier)', 'npm', ['run', 'lint', '--silent']);
await step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
await vitest('contract unit tests', 'packages/contract');
await vitest('web unit tests', 'web');
await vitest('server HTTP tests (SQLite)', 'server');

if (await pgReachable()) {
  await vitest('server HTTP tests (PostgreSQL)', 'server', { TEST_DIALECT: 'postgres', TEST_PG_URL: PG_URL });
} else if (process.env.REQUIRE_PG === '1') {
  console.error(`\n✗ PostgreSQL is required (REQUIRE_PG=1) but ${PG_URL} is not reachable.`);
  totals.failed += 1;
  failedSteps.push('PostgreSQL reachable');
} else {
  console.log(`\n(PostgreSQL not reachable at ${PG_URL}: the PostgreSQL run is skipped.)`);
}

if (chromium) {
  await ensureWebBuild();
  const out = path.join(outDir, 'e2e.json');
  console.log('\n▶ end-to-end tests (Chromium)');
  const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: out, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  count('end-to-end tests', code, out, (j) => {
    collectFlaky(j);
    return { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected, skipped: j.stats.skipped };
  });
} else {
  totals.failed += 1;
  failedSteps.push('end-to-end tests (no Chromium)');
}

fs.rmSync(outDir, { recursive: true, force: true });
if (flaky.length) console.log(`\nFlaky (failed, then passed on the retry): ${flaky.join('; ')}`);
console.log(failedSteps.length ? `\nFailed: ${failedSteps.join('; ')}` : '\nAll suites passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
