/**
 * Test harness: a fresh database per test file (SQLite in memory, or a new PostgreSQL
 * database when TEST_DIALECT=postgres), migrated and seeded with the demo data, and the
 * app built around it, driven through `inject` (never a port).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Envelope } from '@swo/contract';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type Dialect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { loose, type LooseDB } from './loose-db.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/data.ts';
import { syncMenuCatalogue } from '../src/modules/access/repo.ts';

export { DEMO_PASSWORD };
export const dialect: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
export const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates an empty PostgreSQL database; returns its URL and a function that drops it. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `swo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`alter database ${name} set synchronous_commit to off`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        // Without FORCE: killing backends whose clients are still closing makes them
        // report an unhandled 57P01; wait for those connections to go instead.
        for (let i = 0; ; i++) {
          try {
            await c.query(`drop database if exists ${name}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || i >= 100) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * The first of up to `tries` results of `attempt` that `accepted` takes, else the last. For
 * kept reads on PostgreSQL: transaction ids are the whole server's, so another database's test
 * ending a transaction between two calls makes a kept read miss (never a stale answer), and
 * what a test shows of an unchanged database is the best of a few tries.
 */
export async function withinTries<T>(attempt: () => Promise<T>, accepted: (r: T) => boolean, tries = 20): Promise<T> {
  let r = await attempt();
  for (let i = 1; i < tries && !accepted(r); i++) r = await attempt();
  return r;
}

/**
 * Records the text of every statement pg clients send from now on into `sent`, until
 * `restore`. Install it before the pool's first client: the connection wrapper binds a
 * client's query.
 */
export function recordSentStatements(sent: string[] = []): { sent: string[]; restore: () => void } {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied below with its client as `this`
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text) sent.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return { sent, restore: () => void (pg.Client.prototype.query = original) };
}

/** An empty migrated database of the dialect under test. */
export async function freshDatabase(): Promise<{ db: Kysely<DB>; url: string; close: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const { url, drop } = await createPgDatabase();
    const { db } = openDatabase(url, { poolSize: 20 });
    await migrateToLatest(db);
    return { db, url, close: async () => (await db.destroy(), await drop()) };
  }
  const url = 'sqlite::memory:';
  const { db } = openDatabase(url);
  await migrateToLatest(db);
  return { db, url, close: () => db.destroy() };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface Harness {
  app: TestApp;
  /** The database, typed with plain ids for assertions (loose-db.ts). */
  db: Kysely<LooseDB>;
  /** The same database as the application types it. */
  appDb: Kysely<DB>;
  /** Its DATABASE_URL (an in-memory SQLite database cannot be opened again). */
  url: string;
  close: () => Promise<void>;
  /** Company ids of the demo data: property management, IT services. */
  property: number;
  it: number;
}

export async function setup(opts: Partial<Omit<AppOptions, 'db' | 'dialect'>> = {}): Promise<Harness> {
  const { db, url, close } = await freshDatabase();
  await syncMenuCatalogue(db);
  await seedDemo(db);
  const app = await buildApp({ db, dialect, databaseUrl: url, webDist: null, publicRateLimit: 10_000, logLevel: 'silent', checkReplies: true, ...opts });
  await app.ready();
  const companies = await db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
  return {
    app,
    db: loose(db),
    appDb: db,
    url,
    property: companies[0].id,
    it: companies[1].id,
    close: async () => {
      await app.close();
      await close();
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** Calls `/index.php<path>`; GET puts `payload` in the query, POST in the JSON body. */
export async function call<T = any>(
  app: TestApp,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; payload?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.token = opts.token;
  const url = `/index.php${path}`;
  const res =
    method === 'GET'
      ? await app.inject({ method, url, query: stringify(opts.payload ?? {}), headers })
      : await app.inject({ method, url, payload: opts.payload ?? {}, headers });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

const stringify = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

export async function login(app: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await call<{ token: string }>(app, 'POST', '/admin/Login/sign', { payload: { username, password } });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(r.body)}`);
  return r.body.data.token;
}

/** The public key of the company's application named `name`. */
export async function appKey(db: Kysely<LooseDB>, companyId: number, name: string): Promise<string> {
  const r = await db.selectFrom('applications').select('app_key').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow();
  return r.app_key;
}

/** A valid submission for the property company's repair form. */
export function repairSubmission(key: string, extra: Record<string, unknown> = {}) {
  return {
    app_key: key,
    requester_name: '测试业主',
    requester_phone: '13600001111',
    form_data: { location: '9栋1单元101', repair_type: '1', description: '卫生间水管漏水', urgency: '2', ...extra },
  };
}

/** Submits a repair order through the public form and returns its id and number. */
export async function submitRepair(h: Harness): Promise<{ id: number; order_no: string; ident: string }> {
  const key = await appKey(h.db, h.property, '业主报修');
  const r = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(key) });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data;
}

/** How many work orders the database holds (all companies, deleted ones too). */
export async function countOrders(h: Harness): Promise<number> {
  const r = await h.db
    .selectFrom('work_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The first sheet of an .xlsx file. */
export async function firstSheet(buf: Buffer) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0];
}
