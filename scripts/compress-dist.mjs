/**
 * After `vite build`: writes a brotli (.br) and a gzip (.gz) twin of every text file of
 * the built SPA (web/dist) worth compressing, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing per request or not at all.
 * Usage: node scripts/compress-dist.mjs [dir]  (default web/dist)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this size the saving does not pay for the extra request headers and files.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
console.log(`compress-dist: ${files} files, ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`);
