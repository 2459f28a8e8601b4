/**
 * One autocannon run in its own process, so the load generator shares neither the server's
 * nor the harness's event loop (bench/http-load.ts spawns it). Reads a LoadJob as JSON from
 * argv[2], prints a LoadResult as JSON on stdout. Latency percentiles are computed from
 * every response's time, since autocannon's summary has p97.5 but no p95.
 */
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

const job = JSON.parse(process.argv[2]) as LoadJob;
const ids = job.ids ?? [];
const times: number[] = [];
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
    if (err) throw err;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
    const result: LoadResult = {
      rps: r.requests.total / r.duration,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      requests: r.requests.total,
      failed: r.non2xx + r.errors,
    };
    process.stdout.write(JSON.stringify(result));
  },
);
instance.on('response', (_client, _status, _bytes, ms: number) => times.push(ms));
