/**
 * `npm start`: installs what is missing, builds the SPA if needed, then runs the server,
 * which migrates, seeds the demo data on an empty database and serves SPA + API on PORT.
 */
import { ensureDependencies, ensureWebBuild, root } from './lib.mjs';
import { spawn } from 'node:child_process';

await ensureDependencies();
await ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
