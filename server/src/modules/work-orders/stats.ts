/**
 * Statistics over a date range (appData, appDataDetail, staffDataList; docs/product.md,
 * section 7): orders created, completed, still open, mean handling hours and overdue (open
 * longer than, or completed after more than, OVERDUE_HOURS), per application or per
 * handler, and a daily created/completed trend. Ranges are whole days of the company's time
 * zone, default the last 30 (docs/design.md, "Time").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { OVERDUE_HOURS, OPEN_STATUSES, type AppDataReply, type StaffStats, type StatsFigures, type TrendPoint } from '@swo/contract';
import type { Dialect } from '../../db/connect.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { message, type Lang } from '../../http/messages.ts';
import { addDays, DAY, dayEnd, dayStart, HOUR, localDay, today } from '../../lib/time.ts';

export interface Range {
  date_from?: string;
  date_to?: string;
}

type Group = 'application_id' | 'handler_id';

export function createStatsService(db: Kysely<DB>, dialect: Dialect) {
  /** Hours from created_at to completed_at, in the dialect's date arithmetic. */
  const hours: RawBuilder<number> =
    dialect === 'postgres'
      ? sql<number>`extract(epoch from (w.completed_at::timestamptz - w.created_at::timestamptz)) / 3600.0`
      : sql<number>`(julianday(w.completed_at) - julianday(w.created_at)) * 24.0`;

  function range(r: Range, tz: string) {
    const to = r.date_to ?? today(tz);
    const from = r.date_from ?? addDays(to, -29);
    return { from, to, tz, start: dayStart(from, tz), end: dayEnd(to, tz) };
  }

  /** Figures grouped by application or handler, optionally for one application. */
  async function figures(companyId: number, rg: ReturnType<typeof range>, group: Group, applicationId?: number) {
    const overdueBefore = new Date(Date.now() - OVERDUE_HOURS * HOUR).toISOString();
    let created = db
      .selectFrom('work_orders as w')
      .select((eb) => [
        `w.${group} as key`,
        eb.fn.countAll<number>().as('created'),
        sql<number>`sum(case when w.status in (${sql.join(OPEN_STATUSES)}) then 1 else 0 end)`.as('open'),
        sql<number>`sum(case when w.status in (${sql.join(OPEN_STATUSES)}) and w.created_at < ${overdueBefore} then 1 else 0 end)`.as('overdue'),
      ])
      .where('w.company_id', '=', companyId)
      .where('w.deleted_at', 'is', null)
      .where('w.created_at', '>=', rg.start)
      .where('w.created_at', '<=', rg.end)
      .groupBy(`w.${group}`);
    let completed = db
      .selectFrom('work_orders as w')
      .select((eb) => [
        `w.${group} as key`,
        eb.fn.countAll<number>().as('completed'),
        sql<number | null>`avg(${hours})`.as('avg_hours'),
        sql<number>`sum(case when ${hours} > ${OVERDUE_HOURS} then 1 else 0 end)`.as('overdue'),
      ])
      .where('w.company_id', '=', companyId)
      .where('w.deleted_at', 'is', null)
      .where('w.status', '=', 'completed')
      .where('w.completed_at', '>=', rg.start)
      .where('w.completed_at', '<=', rg.end)
      .groupBy(`w.${group}`);
    if (applicationId) {
      created = created.where('w.application_id', '=', applicationId);
      completed = completed.where('w.application_id', '=', applicationId);
    }
    const [c, d] = await Promise.all([created.execute(), completed.execute()]);
    const out = new Map<number | null, StatsFigures>();
    const get = (k: number | null) => out.get(k) ?? (out.set(k, { created: 0, completed: 0, open: 0, avg_handle_hours: null, overdue: 0 }), out.get(k)!);
    for (const r of c) Object.assign(get(r.key), { created: Number(r.created), open: Number(r.open), overdue: Number(r.overdue) });
    for (const r of d) {
      const f = get(r.key);
      f.completed = Number(r.completed);
      f.avg_handle_hours = r.avg_hours === null ? null : Math.round(Number(r.avg_hours) * 10) / 10;
      f.overdue += Number(r.overdue);
    }
    return out;
  }

  /**
   * Daily counts in the company's days. SQL counts per UTC hour ('YYYY-MM-DDTHH', the same
   * text on both dialects) and each hour goes to the local day it falls on: exact for every
   * zone whose offset is whole hours, which includes the product's markets.
   */
  async function trend(companyId: number, rg: ReturnType<typeof range>, applicationId?: number): Promise<TrendPoint[]> {
    const by = (col: 'created_at' | 'completed_at') => {
      let q = db
        .selectFrom('work_orders as w')
        .select((eb) => [sql<string>`substr(w.${sql.ref(col)}, 1, 13)`.as('hour'), eb.fn.countAll<number>().as('n')])
        .where('w.company_id', '=', companyId)
        .where('w.deleted_at', 'is', null)
        .where(`w.${col}`, '>=', rg.start)
        .where(`w.${col}`, '<=', rg.end)
        .groupBy(sql`substr(w.${sql.ref(col)}, 1, 13)`);
      if (applicationId) q = q.where('w.application_id', '=', applicationId);
      return q.execute();
    };
    const [created, completed] = await Promise.all([by('created_at'), by('completed_at')]);
    const days: TrendPoint[] = [];
    for (let d = rg.from; d <= rg.to; d = addDays(d, 1)) days.push({ date: d, created: 0, completed: 0 });
    const at = new Map(days.map((p) => [p.date, p]));
    const dayOf = (hour: string) => at.get(localDay(`${hour}:00:00.000Z`, rg.tz));
    for (const r of created) {
      const p = dayOf(r.hour);
      if (p) p.created += Number(r.n);
    }
    for (const r of completed) {
      const p = dayOf(r.hour);
      if (p) p.completed += Number(r.n);
    }
    return days;
  }

  const sum = (xs: StatsFigures[]): StatsFigures => {
    const completed = xs.reduce((s, x) => s + x.completed, 0);
    const weighted = xs.reduce((s, x) => s + (x.avg_handle_hours ?? 0) * x.completed, 0);
    return {
      created: xs.reduce((s, x) => s + x.created, 0),
      completed,
      open: xs.reduce((s, x) => s + x.open, 0),
      avg_handle_hours: completed ? Math.round((weighted / completed) * 10) / 10 : null,
      overdue: xs.reduce((s, x) => s + x.overdue, 0),
    };
  };

  /** At most a year, from <= to; checked on the resolved range, so also when only one end is given. */
  function checkRange(rg: ReturnType<typeof range>, lang: Lang) {
    const span = Date.parse(rg.to) - Date.parse(rg.from);
    if (!(span >= 0 && span <= 366 * DAY)) throw errors.validation({ date_from: [message(lang, 'badDateRange')] });
  }

  return {
    /** `appData`: per-application figures, totals and the daily trend. */
    async applications(actor: Actor, r: Range): Promise<AppDataReply> {
      const rg = range(r, actor.timeZone);
      checkRange(rg, actor.lang);
      const apps = await db.selectFrom('applications').select(['id', 'name']).where('company_id', '=', actor.companyId).orderBy('id').execute();
      const [figs, points] = await Promise.all([figures(actor.companyId, rg, 'application_id'), trend(actor.companyId, rg)]);
      const applications = apps.map((a) => ({
        application_id: a.id,
        application_name: a.name,
        ...(figs.get(a.id) ?? { created: 0, completed: 0, open: 0, avg_handle_hours: null, overdue: 0 }),
      }));
      return { date_from: rg.from, date_to: rg.to, totals: sum(applications), applications, trend: points };
    },

    /** `appDataDetail`: one application's figures, trend and per-handler breakdown. */
    async application(actor: Actor, applicationId: number, r: Range) {
      const rg = range(r, actor.timeZone);
      checkRange(rg, actor.lang);
      const app = await db
        .selectFrom('applications')
        .select(['id', 'name'])
        .where('company_id', '=', actor.companyId)
        .where('id', '=', applicationId)
        .executeTakeFirst();
      if (!app) throw errors.notFound();
      const [figs, byHandler, points] = await Promise.all([
        figures(actor.companyId, rg, 'application_id', app.id),
        figures(actor.companyId, rg, 'handler_id', app.id),
        trend(actor.companyId, rg, app.id),
      ]);
      const handlers = await staffRows(
        actor.companyId,
        [...byHandler.keys()].filter((k): k is number => k !== null),
      );
      return {
        date_from: rg.from,
        date_to: rg.to,
        application_id: app.id,
        application_name: app.name,
        totals: figs.get(app.id) ?? sum([]),
        handlers: handlers.map((s) => ({ staff_id: s.id, staff_name: s.name, department_name: s.department_name ?? null, ...byHandler.get(s.id)! })),
        trend: points,
      };
    },

    /** `staffDataList`: per-handler figures over the range. */
    async staff(actor: Actor, r: Range): Promise<{ date_from: string; date_to: string; staff: StaffStats[] }> {
      const rg = range(r, actor.timeZone);
      checkRange(rg, actor.lang);
      const figs = await figures(actor.companyId, rg, 'handler_id');
      const rows = await staffRows(
        actor.companyId,
        [...figs.keys()].filter((k): k is number => k !== null),
      );
      const staff = rows
        .map((s) => ({ staff_id: s.id, staff_name: s.name, department_name: s.department_name ?? null, ...figs.get(s.id)! }))
        .sort((a, b) => b.completed - a.completed || b.created - a.created);
      return { date_from: rg.from, date_to: rg.to, staff };
    },
  };

  function staffRows(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('staff as s')
      .leftJoin('departments as d', 'd.id', 's.department_id')
      .select(['s.id', 's.name', 'd.name as department_name'])
      .where('s.company_id', '=', companyId)
      .where('s.id', 'in', ids)
      .orderBy('s.id')
      .execute();
  }
}
export type StatsService = ReturnType<typeof createStatsService>;
