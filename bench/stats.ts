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
