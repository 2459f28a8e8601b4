/**
 * The Node flags the server process runs with: `npm start` (scripts/start.mjs) gives them,
 * the cluster's workers inherit them, and bench/http-load.ts starts the server with them as
 * `npm start` does.
 *
 * --max-semi-space-size=16 (MB; V8's default on 64-bit, written here so a newer Node's
 * default does not change it unseen): a scavenge's pause grows with the young generation,
 * and every request in flight waits it out. At 64 MB (2026-11-28 to 2026-12-05) a scavenge
 * under 50 connections of PostgreSQL public creates paused the server 8.8-9.1 ms (median
 * of a run; p90 13.2-13.9), at 16 MB 3.8-3.9 ms (6.6-6.7), three times as often; the
 * creates' p95 was 32.4-38.2 against 36.3-40.0 ms at the same rate, six alternated pairs
 * (docs/design.md, "Young generation").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];
