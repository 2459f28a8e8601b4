/** Timing helpers for the benchmarks: run a function n times, report p50/p95 in ms. */
export interface Timing {
  p50: number;
  p95: number;
  n: number;
}

export async function time(n: number, fn: (i: number) => unknown, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p95: at(0.95), n };
}

export const fmt = (ms: number) => `${ms.toFixed(ms < 1 ? 3 : 2)} ms`;

export function row(name: string, app: Timing, raw: Timing | null, target: string): string {
  const ratio = raw ? `${(app.p50 / raw.p50).toFixed(1)}x` : '-';
  return [
    name.padEnd(44),
    fmt(app.p50).padStart(10),
    fmt(app.p95).padStart(10),
    (raw ? fmt(raw.p50) : '-').padStart(10),
    (raw ? fmt(raw.p95) : '-').padStart(10),
    ratio.padStart(7),
    target.padStart(10),
  ].join(' ');
}

export const header = () =>
  [
    'call'.padEnd(44),
    'app p50'.padStart(10),
    'app p95'.padStart(10),
    'raw p50'.padStart(10),
    'raw p95'.padStart(10),
    'ratio'.padStart(7),
    'target'.padStart(10),
  ].join(' ');

/** One HTTP load figure (bench/http-load.ts): what autocannon measured against a server. */
export interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

/** A target under load: app req/s at least `ratio` of bare Fastify's, and/or p95 at most `p95` ms. */
export interface LoadTarget {
  ratio?: number;
  p95?: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function loadRow(name: string, r: Load, bare: number | null, target: LoadTarget = {}): string {
  const ratio = bare ? r.rps / bare : null;
  const wanted = [target.ratio ? `>=${target.ratio * 100}%` : '', target.p95 ? `p95<=${target.p95}ms` : ''].filter(Boolean).join(' ');
  const met = (!target.ratio || (ratio ?? 0) >= target.ratio) && (!target.p95 || r.p95 <= target.p95);
  return [
    name.padEnd(40),
    r.rps.toFixed(0).padStart(8),
    fmt(r.p50).padStart(10),
    fmt(r.p95).padStart(10),
    fmt(r.p99).padStart(10),
    (ratio === null ? '-' : pct(ratio)).padStart(8),
    (wanted || '-').padStart(20),
    (wanted ? (met ? 'met' : 'MISSED') : '').padStart(7),
    r.failed ? ` ${r.failed} failed` : '',
  ].join(' ');
}

export const loadHeader = () =>
  [
    'call'.padEnd(40),
    'req/s'.padStart(8),
    'p50'.padStart(10),
    'p95'.padStart(10),
    'p99'.padStart(10),
    'of bare'.padStart(8),
    'target'.padStart(20),
    ''.padStart(7),
  ].join(' ');
