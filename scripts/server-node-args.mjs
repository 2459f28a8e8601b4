/**
 * The Node flags the server process runs with: `npm start` (scripts/start.mjs) gives them,
 * the cluster's workers inherit them, and bench/http-load.ts starts the server with them as
 * `npm start` does.
 *
 * --max-semi-space-size=64 (MB; V8's default is 16 on 64-bit): a request's objects die
 * young, and a young generation four times as large is scavenged a quarter as often, so
 * fewer objects of requests still in flight are promoted into the old generation for the
 * mark-sweep to collect later (the reason; what was measured is the CPU). Four alternated
 * pairs of server processes at 1M orders on PostgreSQL, 50 connections of public creates:
 * the server's CPU 430-538 -> 399-512 us a create (mean -12 %), every pair lower
 * (docs/design.md, "Young generation").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64'];
