/**
 * The operation-log list (docs/design.md, "Organisation"): the company's entries, newest
 * first, filtered and paged. Read-only: nothing here changes a log row.
 */
import type { Kysely } from 'kysely';
import { pageOf, type OperationLogEntry, type Paged } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { dayEnd, dayStart } from '../../lib/time.ts';
import { forCompany } from '../tenancy/for-company.ts';
import type { LogFilters } from './repo.ts';

export interface LogQuery extends Omit<LogFilters, 'from' | 'to'> {
  /** Company days (`YYYY-MM-DD`), inclusive. */
  date_from?: string;
  date_to?: string;
}

/** A stored `detail` as an object; anything unreadable or not an object shows as `{}` rather than failing the page. */
function parseDetail(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function createOperationLogService(db: Kysely<DB>) {
  return {
    /** A page of the acting company's log; the day filters are days in the company's time zone. */
    async list(actor: Actor, q: LogQuery): Promise<Paged<OperationLogEntry>> {
      const { date_from, date_to, ...rest } = q;
      const f: LogFilters = {
        ...rest,
        from: date_from ? dayStart(date_from, actor.timeZone) : undefined,
        to: date_to ? dayEnd(date_to, actor.timeZone) : undefined,
      };
      const { rows, total } = await forCompany(db, actor.companyId).log.list(f);
      return pageOf(
        rows.map((r) => ({ ...r, detail: parseDetail(r.detail) })),
        total,
        q,
      );
    },
  };
}
export type OperationLogService = ReturnType<typeof createOperationLogService>;
