/**
 * `npm run screenshots`: runs the end-to-end specs that take screenshots (they save them in
 * the ignored test-results/screenshots) and copies the pictures into docs/screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, root, run } from './lib.mjs';

const SPECS = ['main-job.spec.ts', 'main-job-en.spec.ts', 'staff-actions.spec.ts', 'portal.spec.ts'];
const from = path.join(root, 'test-results', 'screenshots');
const to = path.join(root, 'docs', 'screenshots');

await ensureDependencies();
await ensureWebBuild();
const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...SPECS]);
const shots = fs.existsSync(from) ? fs.readdirSync(from).filter((f) => f.endsWith('.png')) : [];
fs.mkdirSync(to, { recursive: true });
for (const f of shots) fs.copyFileSync(path.join(from, f), path.join(to, f));
console.log(`\nCopied ${shots.length} screenshots to docs/screenshots${code ? ' (some tests failed: check them before committing)' : ''}.`);
process.exit(code);
