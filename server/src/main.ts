/**
 * Process entry: reads the configuration, migrates, seeds demo data on an empty database,
 * schedules the hourly purge of expired rows, and serves; closes cleanly on SIGINT/SIGTERM.
 *
 * With WORKERS > 1 (docs/design.md, "Scale") this process is the primary of a Node cluster:
 * it migrates, seeds and purges once, then forks that many workers sharing the port; each
 * worker opens its own database connection. Everything they must agree on lives in the
 * database (sessions, the auth epoch, rate-limit windows, throttles, idempotency keys,
 * counters, import locks; with REDIS_URL, the limits, throttles and keys in Redis), so they
 * behave as one server. A worker that dies is replaced.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/index.ts';
import { syncMenuCatalogue } from './modules/access/repo.ts';
import { schedulePurge } from './modules/maintenance/purge.ts';
import { createUploadService } from './modules/uploads/service.ts';
import { indexMissing } from './modules/work-orders/search-repo.ts';
import { mergeIndexFully, scheduleIndexMerge } from './modules/maintenance/index-merge.ts';
import { buildApp } from './app.ts';
import { checkpointApart } from './db/checkpoints.ts';

const config = loadConfig();

/** Runs `stop` once on SIGINT, SIGTERM or when the parent's IPC channel goes, then exits. */
function onShutdown(stop: () => Promise<void>): void {
  let closing: Promise<void> | null = null;
  const shutdown = () =>
    (closing ??= (async () => {
      try {
        await stop();
        process.exit(0);
      } catch (err) {
        console.error(err);
        process.exit(1);
      }
    })());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // Started by scripts/start.mjs (or a cluster primary) with an IPC channel: stop when that process goes.
  if (process.send) process.on('disconnect', () => void shutdown());
}

/** The purge of uploads never attached to an order (files and rows). */
const purgeUploads = (db: Kysely<DB>) => () => createUploadService(db, { dir: config.uploadDir, maxBytes: config.uploadMaxBytes }).purge();

/** Opens the database, builds the app and listens; `purge` also runs the hourly purge here. */
async function serve(purge: boolean) {
  const { db, dialect, file } = openDatabase(config.databaseUrl, { poolSize: config.pgPoolSize });
  const app = await buildApp({
    db,
    dialect,
    databaseUrl: config.databaseUrl,
    webDist: config.webDist,
    publicRateLimit: config.publicRateLimit,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    hsts: config.hsts,
    uploadDir: config.uploadDir,
    uploadMaxBytes: config.uploadMaxBytes,
    sms: config.sms,
  });
  const stopPurge = purge
    ? schedulePurge(db, { onError: (err) => app.log.error({ err }, 'purge of expired rows failed'), also: purgeUploads(db) })
    : () => Promise.resolve();
  const stopMerge = purge ? scheduleIndexMerge(db, { onError: (err) => app.log.error({ err }, 'keyword index merge failed') }) : () => undefined;
  // Each serving process checkpoints SQLite's WAL on a thread of its own, never on its event loop.
  const stopCheckpoints = file
    ? await checkpointApart(db, file, { onError: (err) => app.log.error({ err }, 'WAL checkpoint thread failed; the connection checkpoints itself') })
    : () => Promise.resolve();
  onShutdown(async () => {
    stopMerge();
    await stopPurge();
    await app.close();
    await stopCheckpoints();
    await db.destroy();
  });
  await app.listen({ port: config.port, host: config.host });
}

/** Migrates and seeds once (before any worker serves); returns whether demo data was seeded. */
async function prepareDatabase(): Promise<{ seeded: boolean; dialect: string }> {
  const { db, dialect } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  await syncMenuCatalogue(db);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(db) : false;
  // Orders made before the keyword index existed (or bulk-loaded) get their terms now.
  const indexed = await indexMissing(db);
  if (indexed) console.log(`keyword index: ${indexed} orders indexed`);
  await mergeIndexFully(db);
  await db.destroy();
  return { seeded, dialect };
}

function banner(dialect: string, seeded: boolean, workers: number): void {
  const url = `http://localhost:${config.port}/`;
  const what = config.webDist ? 'Smart Work Order is running at' : 'The API (no SPA: WEB_DIST is empty) is running at';
  const processes = workers > 1 ? `, ${workers} worker processes` : '';
  console.log(`\n${what} ${url} (database: ${dialect}${seeded ? ', demo data seeded' : ''}${processes})`);
  console.log(`API docs: ${url}docs`);
  if (config.seedDemo) console.log('Demo sign-in: admin / SmartWO#2026 (also: super, and every demo staff account)\n');
}

/** The cluster primary: forks the workers, replaces one that dies, stops them all on shutdown. */
async function primary(dialect: string, seeded: boolean): Promise<void> {
  let stopping = false;
  const { db } = openDatabase(config.databaseUrl);
  const stopPurge = schedulePurge(db, { onError: (err) => console.error('purge of expired rows failed', err), also: purgeUploads(db) });
  const stopMerge = scheduleIndexMerge(db);
  const fork = () => cluster.fork();
  const listening = new Set<number>();
  cluster.on('listening', (w: Worker) => {
    listening.add(w.id);
    if (listening.size === config.workers) banner(dialect, seeded, config.workers);
  });
  cluster.on('exit', (w: Worker, code) => {
    if (stopping) return;
    console.error(`worker ${w.process.pid} exited (${code}); starting another`);
    fork();
  });
  onShutdown(async () => {
    stopping = true;
    stopMerge();
    const purged = stopPurge();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await purged;
    await db.destroy();
  });
  for (let i = 0; i < config.workers; i++) fork();
  return Promise.resolve();
}

if (cluster.isWorker) {
  await serve(false);
} else {
  const { seeded, dialect } = await prepareDatabase();
  if (config.workers > 1) await primary(dialect, seeded);
  else {
    await serve(true);
    banner(dialect, seeded, 1);
  }
}
