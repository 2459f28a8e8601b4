/**
 * Autocannon in its own process, so the load generator shares neither the server's nor the
 * harness's event loop (bench/http-load.ts spawns it). Reads as JSON from argv[2] a LoadJob,
 * an array of them to run at once, or an Alternation; prints a LoadResult, their array or an
 * AlternationResult as JSON on stdout. Latency percentiles are computed from every
 * response's time, since autocannon's summary has p97.5 but no p95.
 */
import { Worker } from 'node:worker_threads';
import autocannon, { type Request } from 'autocannon';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  /** `{id}` is replaced by a random one of `ids` on every request. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  ids?: number[];
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Responses other than 2xx plus connection errors: a run with many is not a measurement. */
  failed: number;
}

/**
 * `main` runs its whole time while `side`, one closed-loop client, runs in every other window
 * of `windowSeconds` (off, on, off, ...): what `side` does to `main` is the difference between
 * main's responses in the on and the off windows of one run, interleaved finely enough that
 * this machine's drifts of speed over tens of seconds fall on both alike.
 */
export interface Alternation {
  main: LoadJob;
  /** One connection, for as long as `main` runs: a job's other fields do not apply. */
  side: Pick<LoadJob, 'url' | 'method' | 'path' | 'headers' | 'body'>;
  windowSeconds: number;
}

export interface AlternationResult {
  /** `main` while `side` was idle, and while it ran; `side` in its windows. */
  off: LoadResult;
  on: LoadResult;
  side: LoadResult;
  /** Windows of each kind. */
  windows: number;
}

/** req/s and latency percentiles of `times` (ms) answered over `seconds`, `failed` of them failed. */
function resultOf(times: number[], seconds: number, failed: number): LoadResult {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { rps: times.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), requests: times.length, failed };
}

/** One autocannon run of `job`; several run at once share this process's event loop. */
function run(job: LoadJob, onResponse?: (ms: number, status: number) => void): Promise<LoadResult> {
  const ids = job.ids ?? [];
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        requests: [
          {
            method: job.method,
            path: job.path,
            headers: job.headers,
            body: job.body,
            // Only where the path changes: with a setupRequest autocannon builds every request anew
            // (its text and buffer), load-generator CPU taken from the server on a 2-core machine.
            ...(ids.length
              ? { setupRequest: (req: Request) => ({ ...req, path: job.path.replace('{id}', String(ids[Math.floor(Math.random() * ids.length)])) }) }
              : {}),
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        resolve({ ...resultOf(times, r.duration, r.non2xx + r.errors), rps: r.requests.total / r.duration, requests: r.requests.total });
      },
    );
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      times.push(ms);
      onResponse?.(ms, status);
    });
  });
}

/**
 * The side client of an Alternation (plain JS, run as a worker): one keep-alive connection,
 * calls back to back in the on windows (the odd ones from `startAt`, ms since the epoch), a
 * call counted in the window it began in; posts `{ times, failed }` when told to stop.
 */
const SIDE_LOOP = `
const http = require('node:http');
const { parentPort, workerData: { side, startAt, ms, windows } } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now() - startAt;
const isOn = (t) => Math.floor(t / ms) % 2 === 1;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const url = new URL(side.path, side.url);
const times = [];
let failed = 0;
let stopped = false;
parentPort.once('message', () => (stopped = true));
const call = () => new Promise((resolve) => {
  const req = http.request(url, { method: side.method, headers: side.headers, agent }, (res) => {
    res.resume();
    res.once('end', () => resolve(res.statusCode || 0));
  });
  req.once('error', () => resolve(0));
  req.end(side.body);
});
(async () => {
  while (!stopped) {
    const t0 = now();
    if (!isOn(t0) || t0 >= windows * 2 * ms) {
      await new Promise((r) => setTimeout(r, Math.max(1, Math.min(ms - (t0 % ms), 50))));
      continue;
    }
    const status = await call();
    times.push(now() - t0);
    if (status < 200 || status > 299) failed++;
  }
  agent.destroy();
  parentPort.postMessage({ times, failed });
})();
`;

/** Runs an Alternation (whole windows only: `main.seconds` is rounded up to an even count of them). */
async function alternate({ main, side, windowSeconds }: Alternation): Promise<AlternationResult> {
  const windows = Math.max(1, Math.ceil(main.seconds / windowSeconds / 2));
  const ms = windowSeconds * 1000;
  const times = { off: [] as number[], on: [] as number[] };
  const failed = { off: 0, on: 0 };
  const start = performance.now();
  const isOn = (t: number) => Math.floor((t - start) / ms) % 2 === 1;
  // The side client runs in a thread of its own, so its next call goes out when its last
  // is answered, not after this event loop has handled the main connections' responses.
  const worker = new Worker(SIDE_LOOP, { eval: true, workerData: { side, startAt: performance.timeOrigin + start, ms, windows } });
  const sideDone = new Promise<{ times: number[]; failed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await run({ ...main, seconds: windows * 2 * windowSeconds }, (latency, status) => {
    const t = performance.now();
    if (t - start >= windows * 2 * ms) return;
    const which = isOn(t) ? 'on' : 'off';
    times[which].push(latency);
    if (status < 200 || status > 299) failed[which]++;
  });
  worker.postMessage('stop');
  const sideResult = await sideDone;
  await worker.terminate();
  const seconds = windows * windowSeconds;
  return {
    off: resultOf(times.off, seconds, failed.off),
    on: resultOf(times.on, seconds, failed.on),
    side: resultOf(sideResult.times, seconds, sideResult.failed),
    windows,
  };
}

// Several jobs run at once here, not in a process each: a second load generator process on
// this 2-core machine takes CPU from the server (a client of one connection asking for a
// kept list page beside the list cut its req/s by 7.5-14.5 %, 2026-12-02), which a
// measurement of what one call does to another must not count.
const arg = JSON.parse(process.argv[2]) as LoadJob | LoadJob[] | Alternation;
if ('main' in arg) process.stdout.write(JSON.stringify(await alternate(arg)));
else {
  const results = await Promise.all((Array.isArray(arg) ? arg : [arg]).map((j) => run(j)));
  process.stdout.write(JSON.stringify(Array.isArray(arg) ? results : results[0]));
}
