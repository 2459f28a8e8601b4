/**
 * The Node flags the server process runs with: `npm start` (scripts/start.mjs) gives them,
 * the cluster's workers inherit them, and bench/http-load.ts starts the server with them as
 * `npm start` does.
 *
 * --max-semi-space-size=64 (MB, V8's default 16 here): a request's objects die young, and
 * with 50 requests in flight a 16 MB young generation filled every few milliseconds, so
 * scavenges ran often and promoted objects of unfinished requests into the old generation
 * for the mark-sweep to collect later. Four alternated pairs of server processes at 1M orders
 * on PostgreSQL, 50 connections of public creates: the server's CPU 430-538 -> 399-512 us a
 * create (mean -12 %), every pair lower (docs/design.md, "Young generation").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64'];
