/**
 * The Node flags the server process runs with: `npm start` (scripts/start.mjs) gives them,
 * the cluster's workers inherit them, and bench/http-load.ts starts the server with them as
 * `npm start` does.
 *
 * --max-semi-space-size=16 (MB; V8's default on 64-bit, written here so a newer Node's
 * default does not change it unseen): a scavenge stops the server's thread and every
 * request in flight waits it out, and its pause grows with the young generation; at 64 MB
 * the public creates' p95 was higher at the same rate (figures: docs/design.md, "Young
 * generation").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];
