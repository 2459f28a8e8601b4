/**
 * Process entry: reads the configuration, migrates, seeds demo data on an empty database,
 * schedules the hourly purge of expired rows, listens; closes cleanly on SIGINT/SIGTERM.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/index.ts';
import { syncMenuCatalogue } from './modules/access/repo.ts';
import { schedulePurge } from './modules/maintenance/purge.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const { db, dialect } = openDatabase(config.databaseUrl);
await migrateToLatest(db);
await syncMenuCatalogue(db);
const seeded = config.seedDemo ? await seedDemoIfEmpty(db) : false;
const app = await buildApp({
  db,
  dialect,
  webDist: config.webDist,
  publicRateLimit: config.publicRateLimit,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  hsts: config.hsts,
});

const stopPurge = schedulePurge(db, { onError: (err) => app.log.error({ err }, 'purge of expired rows failed') });

let closing: Promise<void> | null = null;
/** Stops taking requests, lets the running ones finish, closes the DB pool, exits. */
const shutdown = () =>
  (closing ??= (async () => {
    try {
      stopPurge();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  })());
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// Started by scripts/start.mjs with an IPC channel: stop when that process goes.
if (process.send) process.on('disconnect', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}/`;
const what = config.webDist ? 'Smart Work Order is running at' : 'The API (no SPA: WEB_DIST is empty) is running at';
console.log(`\n${what} ${url} (database: ${dialect}${seeded ? ', demo data seeded' : ''})`);
console.log(`API docs: ${url}docs`);
if (config.seedDemo) console.log('Demo sign-in: admin / SmartWO#2026 (also: super, and every demo staff account)\n');
