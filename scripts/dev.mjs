/**
 * `npm run dev`: the API on PORT (8080) and Vite's dev server (VITE_PORT, 5173, proxying
 * /index.php to the API) side by side; prints the SPA's address once Vite is ready.
 */
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
const apiPort = process.env.PORT || '8080';
const vitePort = process.env.VITE_PORT || '5173';
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { WEB_DIST: '', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', 'web', '--', '--port', vitePort, '--strictPort'], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { SWO_API: `http://127.0.0.1:${apiPort}`, ...process.env },
  }),
];
// Both outputs go through; once the API and Vite are both up, one plain banner follows.
let spa = null;
let api = false;
let announced = false;
const watch = (proc, onText) =>
  proc.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    // eslint-disable-next-line no-control-regex -- strips the terminal colour codes (ESC [ … m)
    onText(chunk.toString().replace(/\x1b\[[0-9;]*m/g, ''));
    if (spa && api && !announced) {
      announced = true;
      // A moment later, so that it comes after the servers' own start-up lines.
      setTimeout(
        () =>
          console.log(
            `\n  ➜ Open the app at ${spa}  (Vite dev server; API at http://localhost:${apiPort}/index.php, docs at http://localhost:${apiPort}/docs)\n`,
          ),
        500,
      );
    }
  });
watch(procs[0], (text) => (api ||= /running at/.test(text)));
watch(procs[1], (text) => (spa ??= /Local:\s+(http\S+)/.exec(text)?.[1] ?? null));
const stop = () => procs.forEach((p) => p.exitCode === null && p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', () => stop());
