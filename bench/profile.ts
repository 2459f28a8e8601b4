/**
 * Where the server's CPU goes under load (issue 12: "profile before you optimise"). Alone:
 * `node --import tsx bench/profile.ts [call]`, call one of list (default), detail, dai,
 * create, search. Starts the app as bench/http-load.ts does (one process) under
 * `node --cpu-prof`, runs autocannon on the call at 50 connections for BENCH_HTTP_SECONDS
 * (10), stops the app (its profile is written on exit) and prints the self time of the
 * hottest functions and of each package (node_modules/<name>, our files, Node's own). A bare
 * Fastify (bench/hello.ts) is measured first: this machine's speed varies, the ratio less.
 * Only the samples taken while the measured run went on are counted: the server's start (tsx
 * compiling our sources, the keyword index checked over 1M orders) and the sign-in were more
 * than half of a whole-process profile and put SQLite's scan at start under the call's name.
 * The database: DATABASE_URL when given, else a SQLite file BENCH_PROFILE_DB
 * (/tmp/swo-profile.db) of BENCH_ORDERS (1,000,000) orders, generated once and kept.
 * BENCH_PROFILE_HEAP=1: bytes allocated instead of CPU (bench/heap-sampler.mjs), per
 * request, by owner and by function; garbage included, since what a request allocates is
 * what the scavenges that pause every request in flight must sweep. Unlike req/s, bytes a
 * request do not move with this machine's speed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/connect.ts';
import { generateSqlite } from './generate.ts';
import { appEnv, callsOf, fixture, load, measureBare, startApp } from './http-load.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** µs, CLOCK_MONOTONIC (as process.hrtime in any process of the machine). */
  startTime: number;
  /** The node id of each sample, and the µs since the sample before (the first: since startTime). */
  samples: number[];
  timeDeltas: number[];
}

/** Samples per node id taken in [fromUs, toUs] (monotonic µs). */
function samplesWithin(p: CpuProfile, fromUs: number, toUs: number): Map<number, number> {
  const hits = new Map<number, number>();
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    if (t >= fromUs && t <= toUs) hits.set(p.samples[i], (hits.get(p.samples[i]) ?? 0) + 1);
  }
  return hits;
}

const NAMES = { list: 0, detail: 1, dai: 2, create: 3, search: 4 } as const;
const which = (process.argv[2] ?? 'list') as keyof typeof NAMES;
if (!(which in NAMES)) throw new Error(`call: one of ${Object.keys(NAMES).join(', ')}`);
const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-profile-'));
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const file = process.env.BENCH_PROFILE_DB || '/tmp/swo-profile.db';
  if (!fs.existsSync(file)) {
    console.log(`generating ${ORDERS.toLocaleString()} orders in ${file}…`);
    await (await generateSqlite(file, ORDERS)).db.destroy();
  }
  databaseUrl = `sqlite:${file}`;
}
const fx = await fixture(openDatabase(databaseUrl).db);
const { rps: bare } = await measureBare(tmp);
const profDir = path.join(tmp, 'prof');
const heap = process.env.BENCH_PROFILE_HEAP === '1';
const heapFile = path.join(tmp, 'heap.json');
/** When the measured run began and ended (its client's own start included, the server idle then), on the monotonic clock V8's profile timestamps use (ns). */
const measured = { from: 0n, to: 0n };
const server = await startApp(
  { ...appEnv(databaseUrl, tmp), ...(heap ? { HEAP_PROFILE_OUT: heapFile } : {}) },
  path.join(tmp, 'app.log'),
  heap ? ['--import', path.join(import.meta.dirname, 'heap-sampler.mjs')] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
);
let requests = 0;
try {
  const { calls } = await callsOf(server.url, fx);
  const [name, job] = calls[NAMES[which]];
  await load({ ...job, seconds: 2, connections: 10 });
  if (heap) process.kill(server.pid, 'SIGUSR2');
  measured.from = process.hrtime.bigint();
  const r = await load(job);
  measured.to = process.hrtime.bigint();
  requests = r.requests;
  if (heap) {
    process.kill(server.pid, 'SIGUSR2');
    const deadline = Date.now() + 60_000;
    while (!fs.existsSync(heapFile)) {
      if (Date.now() > deadline) throw new Error('no heap profile written in 60 s (see the app log)');
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  const ms = (v: number) => v.toFixed(1);
  console.log(`bare Fastify ${Math.round(bare)} req/s`);
  console.log(
    `${name}: ${Math.round(r.rps)} req/s (${((100 * r.rps) / bare).toFixed(1)} % of bare, under the profiler), p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms, ${r.failed} failed`,
  );
} finally {
  await server.stop();
}
if (heap) printAllocations(JSON.parse(fs.readFileSync(heapFile, 'utf8')) as HeapProfile, requests);
else printCpu();
fs.rmSync(tmp, { recursive: true, force: true });

/** Self time by owner and by function, of the samples taken while the measured run went on. */
function printCpu(): void {
  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written (did the server exit normally?)');
  const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')) as CpuProfile;
  const hitsOf = samplesWithin(profile, Number(measured.from / 1000n), Number(measured.to / 1000n));
  const totalHits = [...hitsOf.values()].reduce((s, n) => s + n, 0);
  const msPerHit = Number(measured.to - measured.from) / 1e6 / totalHits;
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = hitsOf.get(n.id) ?? 0;
    if (!hits) continue;
    const key = frameKey(n.callFrame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    byOwner.set(owner(n.callFrame.url), (byOwner.get(owner(n.callFrame.url)) ?? 0) + hits);
  }
  const pct = (h: number) => `${((100 * h) / totalHits).toFixed(1).padStart(5)} %`;
  console.log(`\nself time by owner (${Math.round(totalHits * msPerHit)} ms sampled)`);
  printTop(byOwner, 20, pct);
  console.log('\nhottest functions (self time)');
  printTop(byFunction, 40, pct);
  if (process.env.BENCH_PROFILE_KEEP) {
    const kept = path.join(process.cwd(), `${which}.cpuprofile`);
    fs.copyFileSync(path.join(profDir, file), kept);
    console.log(`\nprofile kept in ${kept}`);
  }
}

interface HeapNode {
  callFrame: ProfileNode['callFrame'];
  /** Bytes sampled as allocated by this frame itself. */
  selfSize: number;
  children: HeapNode[];
}

interface HeapProfile {
  head: HeapNode;
}

/**
 * Bytes allocated per request by owner and by function. A frame of Node's own (e.g. a
 * string's `replace`) counts for the nearest caller that is a package's or ours.
 */
function printAllocations(p: HeapProfile, requests: number): void {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode, caller: { owner: string; key: string }) => {
    const own = owner(n.callFrame.url);
    const here = own === 'node' || own === '(vm)' ? caller : { owner: own, key: frameKey(n.callFrame) };
    if (n.selfSize) {
      total += n.selfSize;
      byOwner.set(here.owner, (byOwner.get(here.owner) ?? 0) + n.selfSize);
      byFunction.set(here.key, (byFunction.get(here.key) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c, here);
  };
  walk(p.head, { owner: 'node', key: '(Node or V8, no caller of ours or a package)' });
  const kb = (b: number) => `${(b / requests / 1024).toFixed(1).padStart(6)} KB`;
  console.log(`\nbytes allocated per request (${requests} requests): ${kb(total)}, by owner`);
  printTop(byOwner, 15, kb);
  console.log("\nby function (Node's own frames counted for their caller)");
  printTop(byFunction, 40, kb);
}

/** The `n` largest of `counts`, largest first, each as `format(count)` and its key. */
function printTop(counts: Map<string, number>, n: number, format: (count: number) => string): void {
  for (const [k, c] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${format(c)}  ${k}`);
}

/** A frame as its function and place: tsx serves each of our files as one line, so the column tells their functions apart. */
function frameKey({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']): string {
  const where = url ? `${url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}:${columnNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`;
}

/** What a frame belongs to: a package, one of our files, or Node's own. */
function owner(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/server/src/') || url.includes('/packages/contract/')) return 'ours';
  return url ? 'node' : '(vm)';
}
