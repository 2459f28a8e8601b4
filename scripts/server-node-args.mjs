/**
 * The Node flags the server process runs with: `npm start` (scripts/start.mjs) gives them,
 * the cluster's workers inherit them, and bench/http-load.ts starts the server with them as
 * `npm start` does.
 *
 * --max-semi-space-size=16 (MB; V8's default on 64-bit, written here so a newer Node's
 * default does not change it unseen): a scavenge's pause grows with the young generation,
 * and every request in flight waits it out. At 64 MB (2026-11-28 to 2026-12-05) a scavenge
 * of 50 connections of PostgreSQL public creates paused the server 9 ms (median; 13.9 at
 * p90) every ~160 ms, at 16 MB 3.9 ms (6.6) every ~60 ms; the creates' p95 was 34.7-38.2
 * against 37.3-40.0 ms at the same rate (docs/design.md, "Young generation").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];
