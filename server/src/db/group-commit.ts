/**
 * Group commit of write transactions on SQLite (docs/design.md, "Group commit"). SQLite has
 * one writer and our one connection: each transaction's commit writes every page it changed
 * to the WAL, and consecutive creates change the same pages (the newest leaf of the orders
 * table and of each index, the counters, the keyword index). Transactions that arrive while
 * one is running wait, as they would for the connection anyway, and then run together in
 * one transaction, committed once. They run first with nothing between them; if one fails,
 * the group is undone and runs again, each unit in a savepoint of its own: a unit that fails
 * rolls back to its savepoint and fails alone; if the commit fails, every unit fails.
 * A caller hears of its unit only after the commit, but for a count answered early
 * (`groupedCount`), heard as soon as it ran. A lone unit runs as a plain transaction.
 * On PostgreSQL, with a pool of connections, a grouped transaction is a plain one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { isPostgres, type Db } from './types.ts';
import { withDirectQueries } from './sqlite-direct.ts';

/**
 * Most units in one group: a group holds SQLite's one connection, reads wait meanwhile
 * (32 creates: 7-9 ms at 1M orders). A group's own cost (its commit, the application read
 * after it) is shared by more creates than at 16 (docs/design.md, "Group commit").
 */
export const MAX_GROUP = 32;

interface Unit {
  work: (trx: Db) => Promise<unknown>;
  /** Answered as soon as `work` ran, before the commit (`groupedCount`). */
  early: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class GroupQueue {
  private readonly waiting: Unit[] = [];
  private running = false;

  constructor(private readonly db: Kysely<DB>) {}

  run<T>(work: (trx: Db) => Promise<T>, early = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, early, resolve: resolve as (value: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      // Started on the next turn of the event loop, not now: the requests read in this turn
      // reach here meanwhile (their reads before the transaction run synchronously on
      // SQLite) and join the group. An early count comes at the end of a turn already
      // (gathered by turnBatch): its group starts at once, a whole turn sooner.
      if (early) queueMicrotask(() => void this.drain());
      else setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length) await this.commit(this.waiting.splice(0, MAX_GROUP));
    } finally {
      this.running = false;
    }
  }

  /** A transaction of the group: its compiled queries run on the connection directly (db/sqlite-direct.ts). */
  private transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => withDirectQueries(this.db, trx, work));
  }

  private async commit(group: Unit[]): Promise<void> {
    if (group.length === 1) {
      const [unit] = group;
      await this.transaction((trx) => ran(unit, trx)).then(unit.resolve, unit.reject);
      return;
    }
    if (await this.commitTrusting(group)) return;
    const outcomes: Outcome[] = [];
    try {
      await this.transaction(async (trx) => {
        for (const unit of group) {
          await sql`savepoint grouped_unit`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await ran(unit, trx) });
          } catch (error) {
            await sql`rollback to grouped_unit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
          await sql`release grouped_unit`.execute(trx);
        }
      });
    } catch (error) {
      for (const unit of group) unit.reject(error);
      return;
    }
    group.forEach((unit, i) => {
      const o = outcomes[i];
      if (o.ok) unit.resolve(o.value);
      else unit.reject(o.error);
    });
  }

  /**
   * The group run with no savepoints, trusting every unit to succeed (a savepoint and its
   * release were two of a public create's 11.4 statements): true when all did and the
   * commit held, each unit resolved; false when one failed or the commit did, nothing of
   * the group kept and no unit told, so that the group runs again with a savepoint each.
   * Units are transactions, so running one again is safe.
   */
  private async commitTrusting(group: Unit[]): Promise<boolean> {
    const values: unknown[] = [];
    try {
      await this.transaction(async (trx) => {
        for (const unit of group) values.push(await ran(unit, trx));
      });
    } catch {
      return false;
    }
    group.forEach((unit, i) => unit.resolve(values[i]));
    return true;
  }
}

/**
 * `unit`'s work run in `trx`, its value given back; an early unit is told it at once. Run
 * again after its group failed, an early unit's work is made again (the rollback undid
 * it) and its caller keeps the value it was told first.
 */
async function ran(unit: Unit, trx: Db): Promise<unknown> {
  const value = await unit.work(trx);
  if (unit.early) unit.resolve(value);
  return value;
}

const queues = new WeakMap<Kysely<DB>, GroupQueue>();

function queueOf(db: Kysely<DB>): GroupQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new GroupQueue(db);
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Runs `work` in a write transaction that may be committed together with others (see the
 * module's comment); resolves with its result after the commit, or rejects with its own
 * error (nothing of it kept) or the commit's. `work` must use only `trx`, as in any transaction.
 */
export function groupedTransaction<T>(db: Kysely<DB>, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  return queueOf(db).run(work);
}

/**
 * Runs `work`, one statement that counts (atomic on its own), for a caller that acts on the
 * count at once and whose loss is harmless (a rate-limit hit: a crash loses the hits of the
 * moment as well). On PostgreSQL it runs alone, without a transaction around it (a begin and
 * a commit would be two round trips more). On SQLite it joins the next group, started at
 * once when none is running, and resolves as soon as it ran, under the write lock (so the
 * count is exact across processes), not after the commit: a public create waited a whole
 * group for its hit before its own transaction could join the next one (docs/design.md,
 * "Group commit", with the figures). If the commit fails, the count is lost; if the group
 * runs again, it is made again. Call it at the end of a turn (from a turnBatch load), when
 * the turn's requests have all been read.
 */
export function groupedCount<T>(db: Kysely<DB>, work: (db: Db) => Promise<T>): Promise<T> {
  return isPostgres(db) ? work(db) : queueOf(db).run(work, true);
}
