/**
 * `npm start`: installs what is missing, builds the SPA if needed, then runs the server,
 * which migrates, seeds the demo data on an empty database and serves SPA + API on PORT.
 * SIGINT/SIGTERM are passed on to the server, which closes and exits; the server also
 * stops when this process dies (its IPC channel closes).
 */
import { ensureDependencies, ensureWebBuild, root } from './lib.mjs';
import { spawn } from 'node:child_process';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

let child = null;
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    if (child) child.kill(sig);
    else process.exit(0);
  });
}

await ensureDependencies();
if (process.env.WEB_DIST !== '') await ensureWebBuild(); // WEB_DIST='' serves the API only
if (stopping) process.exit(0);
child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
