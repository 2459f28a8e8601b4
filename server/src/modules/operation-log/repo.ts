/**
 * The operation log (audit log): one row per change, written in the transaction of the
 * change it describes. `module.action` pairs are a closed union so a typo fails to compile.
 */
import type { Insertable } from 'kysely';
import type { CompanyId, UserId, WorkOrderAction } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { later } from '../../db/deferred-writes.ts';
import type { OperationLogsTable } from '../../db/schema.ts';
import { contains } from '../../lib/like.ts';
import { now } from '../../lib/time.ts';
import { companyRepo } from '../tenancy/company-repo.ts';

/** What administrators change: the module is the kind of object, also its `target_type`. */
export type AdminModule = 'department' | 'position' | 'category' | 'staff' | 'role' | 'application' | 'template' | 'library' | 'menu' | 'account' | 'company';
export type AdminAction = 'add' | 'edit' | 'delete' | 'enable' | 'disable' | 'reset_password' | 'bind' | 'unbind' | 'reset_key' | 'invite';

export type LogEvent =
  | {
      module: 'auth';
      action:
        | 'login'
        | 'logout'
        | 'change_password'
        | 'recover_password'
        | 'qr_approve'
        | 'qr_deny'
        | 'accept_invitation'
        | 'enable_2fa'
        | 'disable_2fa'
        | 'revoke_session'
        | 'update_profile'
        | 'change_avatar'
        | 'change_phone'
        | 'update_ui_settings'
        | 'remove_device'
        | 'change_notifications';
    }
  | { module: 'work_order'; action: WorkOrderAction | 'edit' | 'delete' | 'import' | 'export' }
  | { module: AdminModule; action: AdminAction };

/** Fields never written to the log, whatever object they come with. */
const SECRET = /password|hash|token|secret|ident|app_key/i;

/**
 * The `detail` of a change: the object `before` and `after` it (null when created or
 * deleted), without secrets (docs/design.md, "Audit").
 */
export function changeDetail(
  before: object | null | undefined,
  after: object | null | undefined,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const clean = (o: object | null | undefined) => (o ? Object.fromEntries(Object.entries(o).filter(([k]) => !SECRET.test(k))) : null);
  return { ...extra, before: clean(before), after: clean(after) };
}

/** An entry within a company (the company is bound by `logRepo`). */
export type CompanyLogEntry = LogEvent & {
  user_id: UserId | null;
  username: string;
  ip: string;
  /** What `target_id` names; defaults to the module (`work_order`, `department`, …). */
  target_type?: string;
  target_id?: number | null;
  detail?: Record<string, unknown>;
};
export type LogEntry = CompanyLogEntry & { company_id: CompanyId | null };

/** A log row, every column named (compiled once). */
const logInsert = compiledOnce((db, v: Insertable<OperationLogsTable>) => later(db.insertInto('operation_logs').values(v)));

/** Writes one entry; `company_id` null for events outside any company (sign-in, password). */
export async function writeLog(db: Db, e: LogEntry): Promise<void> {
  await db.executeQuery(
    logInsert(db, {
      company_id: e.company_id,
      user_id: e.user_id,
      username: e.username,
      module: e.module,
      action: e.action,
      target_type: e.target_type ?? (e.module === 'auth' ? '' : e.module),
      target_id: e.target_id ?? null,
      detail: JSON.stringify(e.detail ?? {}),
      ip: e.ip,
      created_at: now(),
    }),
  );
}

/** Writes one entry of the company. */
function write(db: Db, companyId: CompanyId, e: CompanyLogEntry): Promise<void> {
  return writeLog(db, { ...e, company_id: companyId });
}

/** Filters of the log list; `from`/`to` are UTC instants (the service turns company days into them). */
export interface LogFilters {
  module?: string;
  action?: string;
  target_type?: string;
  target_id?: number;
  /** Username or IP, contains. */
  keyword?: string;
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}

/** A page of the company's entries, newest first, and the total matching. Reads only. */
async function list(db: Db, companyId: CompanyId, f: LogFilters) {
  let q = db.selectFrom('operation_logs').where('company_id', '=', companyId);
  if (f.module) q = q.where('module', '=', f.module);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target_type) q = q.where('target_type', '=', f.target_type);
  if (f.target_id !== undefined) q = q.where('target_id', '=', f.target_id);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) => eb.or([contains('username', kw), contains('ip', kw)]));
  }
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  const rows = await q
    .select(['id', 'username', 'module', 'action', 'target_type', 'target_id', 'detail', 'ip', 'created_at'])
    // ids grow with time: newest first is id descending, served by the (company_id, id) index
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Who made a change: the acting member's account and address (an `Actor` is one). */
export interface Author {
  userId: UserId;
  username: string;
  ip: string;
}

/** A change of an administered object, as `logRepo.change` writes it. */
export interface Change {
  module: AdminModule;
  action: AdminAction;
  id: number;
  before: object | null;
  after: object | null;
  /** Facts beside the objects (e.g. that an existing account was linked). */
  extra?: Record<string, unknown>;
}

/** Writes the one log row of a change: the object before and after it (changeDetail), by `by`. */
function change(db: Db, companyId: CompanyId, by: Author, c: Change): Promise<void> {
  return changeIn(db, companyId, by, c);
}

/**
 * Writes the one log row of a platform administrator's change: `companyId` null for global
 * objects (menus, accounts), the company's id when the object is a company.
 */
export function changeIn(db: Db, companyId: CompanyId | null, by: Author, c: Change): Promise<void> {
  return writeLog(db, {
    company_id: companyId,
    user_id: by.userId,
    username: by.username,
    ip: by.ip,
    module: c.module,
    action: c.action,
    target_id: c.id,
    detail: changeDetail(c.before, c.after, c.extra),
  });
}

/** The company's operation log (reached through `forCompany`). */
export const logRepo = companyRepo({ write, change, list });
