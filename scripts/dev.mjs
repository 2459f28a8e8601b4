/** `npm run dev`: the API on :8080 and Vite's dev server (proxying /index.php) side by side. */
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { WEB_DIST: '', ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', () => stop());
