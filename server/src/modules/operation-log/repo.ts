/**
 * The operation log (audit log): one row per change, written in the transaction of the
 * change it describes. `module.action` pairs are a closed union so a typo fails to compile.
 */
import type { WorkOrderAction } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { now } from '../../lib/time.ts';

export type LogEvent =
  | { module: 'auth'; action: 'login' | 'logout' | 'change_password' }
  | { module: 'work_order'; action: WorkOrderAction | 'edit' | 'delete' | 'import' | 'export' };

export type LogEntry = LogEvent & {
  company_id: number | null;
  user_id: number | null;
  username: string;
  ip: string;
  target_id?: number | null;
  detail?: Record<string, unknown>;
};

export async function writeLog(db: Db, e: LogEntry): Promise<void> {
  await db
    .insertInto('operation_logs')
    .values({
      company_id: e.company_id,
      user_id: e.user_id,
      username: e.username,
      module: e.module,
      action: e.action,
      target_id: e.target_id ?? null,
      detail: JSON.stringify(e.detail ?? {}),
      ip: e.ip,
      created_at: now(),
    })
    .execute();
}
