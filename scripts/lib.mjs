/**
 * Helpers shared by `npm start` and `npm test`: install what is missing, build the SPA
 * when its sources are newer than the build, run commands with inherited output.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository root; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...(opts.env ?? {}) } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestIn(p) : mtime(p));
  }
  return newest;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (fs.existsSync(installed) && mtime(installed) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)…');
  // better-sqlite3 compiles against the system's Node headers when no prebuilt binary can be fetched.
  const env = fs.existsSync('/usr/include/node/node.h') && !process.env.npm_config_nodedir ? { npm_config_nodedir: '/usr' } : {};
  await mustRun('npm', ['ci', '--no-audit', '--no-fund'], { env });
}

/** Builds the SPA when web/dist is missing or older than its sources. */
export async function ensureWebBuild({ force = false } = {}) {
  const built = mtime(path.join(root, 'web', 'dist', 'index.html'));
  const sources = Math.max(newestIn(path.join(root, 'web')), newestIn(path.join(root, 'packages', 'contract', 'src')));
  if (!force && built && built >= sources) return;
  console.log('Building the web app…');
  await mustRun('npm', ['run', 'build', '-w', 'web']);
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}
