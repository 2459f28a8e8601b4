/**
 * Kysely's SQLite dialect with every transaction begun IMMEDIATE, waiting for the write lock
 * without holding the event loop (docs/design.md, "Several processes on SQLite", with the
 * figures).
 *
 * Kysely begins a plain (deferred) transaction: it reads from a snapshot and asks for
 * SQLite's one write lock only at its first write. Once another process (`WORKERS` > 1,
 * npm start's default) has committed since that snapshot, the write is refused at once with
 * SQLITE_BUSY ("database is locked"; the busy timeout does not apply, since waiting cannot
 * make an old snapshot new). Begun IMMEDIATE, a transaction takes the write lock first and
 * its reads see the newest data. Every transaction of ours writes, so none takes the lock
 * for nothing.
 *
 * While another process holds the lock, SQLite's busy handler sleeps in the thread, and
 * every request of the process waits with it. The begin is tried without it instead, and
 * again after a timer of at most `MAX_RETRY_MS`, until `LOCK_WAIT_MS`.
 */
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import { CHANGES_NO_READ } from './read-cache.ts';

/** How long a transaction waits for the write lock before it fails with SQLITE_BUSY, ms (the connections' busy timeout, connect.ts). */
export const LOCK_WAIT_MS = 5000;

/** The longest pause between two tries of the write lock, ms. */
const MAX_RETRY_MS = 4;

const NO_WAIT = CompiledQuery.raw('pragma busy_timeout = 0');
// Taking the lock writes nothing a read returns: not counted as a write (connect.ts), so kept reads stay.
const BEGIN = CompiledQuery.raw(`${CHANGES_NO_READ}begin immediate`);
const WAIT = CompiledQuery.raw(`pragma busy_timeout = ${LOCK_WAIT_MS}`);

const isBusy = (err: unknown) => (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const started = Date.now();
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_RETRY_MS)) {
      await connection.executeQuery(NO_WAIT);
      try {
        await connection.executeQuery(BEGIN);
        return;
      } catch (err) {
        if (!isBusy(err) || Date.now() - started >= LOCK_WAIT_MS) throw err;
      } finally {
        await connection.executeQuery(WAIT);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}
