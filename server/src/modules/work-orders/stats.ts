/**
 * Statistics over a date range (appData, appDataDetail, staffDataList; docs/product.md,
 * section 7): orders created, completed, still open, mean handling hours and overdue (open
 * longer than, or completed after more than, OVERDUE_HOURS), per application or per
 * handler, and a daily created/completed trend. Ranges are whole days of the company's time
 * zone, default the last 30 (docs/design.md, "Time").
 */
import {
  OVERDUE_HOURS,
  type ApplicationId,
  type AppDataReply,
  type CompanyId,
  type StaffId,
  type StaffStats,
  type StatsFigures,
  type TrendPoint,
} from '@swo/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { message, type Lang } from '../../http/messages.ts';
import { addDays, DAY, dayEnd, dayStart, HOUR, localDay, today } from '../../lib/time.ts';
import { forCompany } from '../tenancy/for-company.ts';
import type { Group } from './stats-repo.ts';
import { visibilityOf, type Visibility } from './visibility.ts';

export interface Range {
  date_from?: string;
  date_to?: string;
}

const EMPTY: StatsFigures = { created: 0, completed: 0, open: 0, avg_handle_hours: null, overdue: 0 };

export function createStatsService(db: Kysely<DB>, dialect: Dialect) {
  function range(r: Range, tz: string) {
    const to = r.date_to ?? today(tz);
    const from = r.date_from ?? addDays(to, -29);
    return { from, to, tz, start: dayStart(from, tz), end: dayEnd(to, tz) };
  }

  /** Figures grouped by application or handler, optionally for one application. */
  async function figures<K extends ApplicationId | StaffId>(
    companyId: CompanyId,
    rg: ReturnType<typeof range>,
    visibility: Visibility,
    group: Group,
    applicationId?: ApplicationId,
  ) {
    const { stats } = forCompany(db, companyId);
    const overdueBefore = new Date(Date.now() - OVERDUE_HOURS * HOUR).toISOString();
    const window = { start: rg.start, end: rg.end, applicationId, visibility };
    const [c, d] = await Promise.all([stats.createdByGroup(group, window, overdueBefore), stats.completedByGroup(group, window, dialect)]);
    const out = new Map<K | null, StatsFigures>();
    const get = (k: K | null) => out.get(k) ?? (out.set(k, { ...EMPTY }), out.get(k)!);
    for (const r of c) Object.assign(get(r.key as K | null), { created: Number(r.created), open: Number(r.open), overdue: Number(r.overdue) });
    for (const r of d) {
      const f = get(r.key as K | null);
      f.completed = Number(r.completed);
      f.avg_handle_hours = r.avg_hours === null ? null : Math.round(Number(r.avg_hours) * 10) / 10;
      f.overdue += Number(r.overdue);
    }
    return out;
  }

  /**
   * Daily counts in the company's days. SQL counts per UTC hour and each hour goes to the
   * local day it falls on: exact for every zone whose offset is whole hours, which
   * includes the product's markets.
   */
  async function trend(companyId: CompanyId, rg: ReturnType<typeof range>, visibility: Visibility, applicationId?: ApplicationId): Promise<TrendPoint[]> {
    const { stats } = forCompany(db, companyId);
    const window = { start: rg.start, end: rg.end, applicationId, visibility };
    const [created, completed] = await Promise.all([stats.hourlyCounts('created_at', window), stats.hourlyCounts('completed_at', window)]);
    // Counted in whole days rather than compared as strings; checkRange bounds the count.
    const count = Math.round((Date.parse(rg.to) - Date.parse(rg.from)) / DAY) + 1;
    const days: TrendPoint[] = Array.from({ length: count }, (_, i) => ({ date: addDays(rg.from, i), created: 0, completed: 0 }));
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
      const seen = await visibilityOf(forCompany(db, actor.companyId), actor);
      const apps = await forCompany(db, actor.companyId).stats.applicationNames();
      const [figs, points] = await Promise.all([figures<ApplicationId>(actor.companyId, rg, seen, 'application_id'), trend(actor.companyId, rg, seen)]);
      const applications = apps.map((a) => ({
        application_id: a.id,
        application_name: a.name,
        ...(figs.get(a.id) ?? EMPTY),
      }));
      return { date_from: rg.from, date_to: rg.to, totals: sum(applications), applications, trend: points };
    },

    /** `appDataDetail`: one application's figures, trend and per-handler breakdown. */
    async application(actor: Actor, applicationId: ApplicationId, r: Range) {
      const rg = range(r, actor.timeZone);
      checkRange(rg, actor.lang);
      const seen = await visibilityOf(forCompany(db, actor.companyId), actor);
      const app = await forCompany(db, actor.companyId).stats.applicationName(applicationId);
      if (!app) throw errors.notFound();
      const [figs, byHandler, points] = await Promise.all([
        figures<ApplicationId>(actor.companyId, rg, seen, 'application_id', app.id),
        figures<StaffId>(actor.companyId, rg, seen, 'handler_id', app.id),
        trend(actor.companyId, rg, seen, app.id),
      ]);
      const handlers = await forCompany(db, actor.companyId).stats.staffRows([...byHandler.keys()].filter((k) => k !== null));
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
      const seen = await visibilityOf(forCompany(db, actor.companyId), actor);
      const figs = await figures<StaffId>(actor.companyId, rg, seen, 'handler_id');
      const rows = await forCompany(db, actor.companyId).stats.staffRows([...figs.keys()].filter((k) => k !== null));
      const staff = rows
        .map((s) => ({ staff_id: s.id, staff_name: s.name, department_name: s.department_name ?? null, ...figs.get(s.id)! }))
        .sort((a, b) => b.completed - a.completed || b.created - a.created);
      return { date_from: rg.from, date_to: rg.to, staff };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
