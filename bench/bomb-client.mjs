/**
 * The clients of the import bomb (bench/import-bomb.ts), each in its own process so that
 * neither's work counts as the server's. BOMB_ROLE=poll polls BOMB_BASE/health until its
 * stdin closes; BOMB_ROLE=post posts BOMB_FILE four times at once. Each prints one JSON line.
 */
import fs from 'node:fs';

const { BOMB_ROLE: role, BOMB_BASE: base, BOMB_TOKEN: token, BOMB_COMPANY: company, BOMB_APP: app, BOMB_FILE: file } = process.env;

if (role === 'poll') {
  let polling = true;
  process.stdin.on('end', () => (polling = false)).resume();
  await (await fetch(`${base}/health`)).arrayBuffer(); // connection warm-up
  console.error('polling'); // tells the parent to start the posts
  const health = [];
  while (polling) {
    const t = performance.now();
    await (await fetch(`${base}/health`)).arrayBuffer();
    health.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  health.sort((a, b) => a - b);
  console.log(JSON.stringify({ max: health[health.length - 1] ?? null, p50: health[Math.floor(health.length / 2)] ?? null, polls: health.length }));
} else {
  const bytes = fs.readFileSync(file);
  const forms = [1, 2, 3, 4].map(() => {
    const f = new FormData();
    f.append('company_id', company);
    f.append('application_id', app);
    f.append('file', new Blob([bytes]), 'bomb.xlsx');
    return f;
  });
  const t0 = performance.now();
  const answers = await Promise.all(
    forms.map(async (body) => {
      const res = await fetch(`${base}/admin/Work/batchUpload`, { method: 'POST', headers: { token }, body });
      return `${res.status} "${(await res.json()).msg}"`;
    }),
  );
  console.log(JSON.stringify({ answers, ms: performance.now() - t0 }));
}
