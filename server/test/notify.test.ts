/**
 * Notifications routed away from pg_notify (db/notify.ts; docs/design.md, "Live updates"):
 * on PostgreSQL with a sink (REDIS_URL), a notification made in a transaction reaches the
 * sink only after that transaction committed, never when it rolled back or failed at its
 * commit, and never as a NOTIFY; without a sink it is a NOTIFY as before.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { notifyAtCommit, routeNotifies } from '../src/db/notify.ts';
import type { DB } from '../src/db/schema.ts';
import { createPgDatabase, dialect } from './helper.ts';

describe.skipIf(dialect !== 'postgres')('notifications at commit, routed to a sink', () => {
  let db: Kysely<DB>;
  let listener: pg.Client;
  let drop: () => Promise<void>;
  const heard: string[] = [];
  const sunk: string[] = [];

  beforeAll(async () => {
    const made = await createPgDatabase();
    drop = made.drop;
    db = openDatabase(made.url).db;
    await sql`create table t (id int primary key)`.execute(db);
    listener = new pg.Client({ connectionString: made.url });
    await listener.connect();
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('LISTEN test_channel');
  });

  afterAll(async () => {
    await listener.end();
    await db.destroy();
    await drop();
  });

  /** Lets a NOTIFY sent before now reach the listener. */
  const settled = () => listener.query('select 1');

  it('hands the payload to the sink after the commit, not before, and sends no NOTIFY', async () => {
    expect(routeNotifies(db, (channel, payload) => sunk.push(`${channel}:${payload}`))).toBe(true);
    await db.transaction().execute(async (trx) => {
      await notifyAtCommit(trx, 'test_channel', 'one');
      await sql`insert into t values (1)`.execute(trx);
      expect(sunk).toEqual([]); // still in the transaction
    });
    expect(sunk).toEqual(['test_channel:one']);
    await settled();
    expect(heard).toEqual([]);
  });

  it('drops it when the transaction rolls back or fails at its commit', async () => {
    sunk.length = 0;
    await expect(
      db.transaction().execute(async (trx) => {
        await notifyAtCommit(trx, 'test_channel', 'rolled back');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    // The duplicate key is found at the commit, where the deferred insert is sent.
    await expect(
      db.transaction().execute(async (trx) => {
        await notifyAtCommit(trx, 'test_channel', 'failed');
        await sql`insert into t values (1) /* swo:later */`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    // The connection handed out again holds nothing of them.
    await db.transaction().execute((trx) => notifyAtCommit(trx, 'test_channel', 'next'));
    expect(sunk).toEqual(['test_channel:next']);
  });

  it('is a NOTIFY again once the sink is taken away', async () => {
    routeNotifies(db, null);
    await db.transaction().execute((trx) => notifyAtCommit(trx, 'test_channel', 'direct'));
    await settled();
    expect(heard).toEqual(['direct']);
  });
});
