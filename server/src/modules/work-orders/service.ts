/**
 * Work-order reads for staff: list, detail, counts, history, who may receive an order,
 * "my work orders" and the order kinds for filters. Everything is scoped to the actor's
 * company; another company's order is 404.
 */
import type { Kysely } from 'kysely';
import {
  actionsFor,
  type ApplicationId,
  type DepartmentId,
  type TemplateId,
  type WorkOrderId,
  templateFields,
  type Employee,
  type Paged,
  type StatusCounts,
  type WorkOrder,
  type WorkOrderDetail,
  type WorkOrderListQuery,
  type WorkOrderStatus,
  MY_WORK_ORDER_TYPES,
  pageOf,
} from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import { readThrough } from '../../db/read-cache.ts';
import { confirmEpochRead, type Actor } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { withCompanySources } from '../templates/sources.ts';
import { parsedTemplate } from '../templates/parsed.ts';
import { denialFor } from './policy.ts';
import type { OrderListRow } from './list-repo.ts';
import type { OrderRepo, OrderRow } from './repo.ts';
import { loadOrder } from './transition.ts';
import { namesFor, type DisplayNames } from './names.ts';
import { visibilityOf } from './visibility.ts';
import { dayEnd, dayStart } from '../../lib/time.ts';

/** Actions the actor may take on the order now (state machine and policy). */
export const allowedActions = (r: OrderListRow, actor: Actor, actorBound: boolean): string[] =>
  actionsFor(r.status as WorkOrderStatus).filter((a) => !denialFor(a, actor, { handler_id: r.handler_id, creator_staff_id: r.creator_staff_id, actorBound }));

export const toWorkOrder = (r: OrderListRow, allowed_actions: string[], names: DisplayNames): WorkOrder => ({
  id: r.id,
  order_no: r.order_no,
  title: r.title,
  status: r.status as WorkOrderStatus,
  application_id: r.application_id,
  application_name: names.application(r.application_id),
  template_id: r.template_id,
  template_version: r.template_version,
  category_id: r.category_id,
  category_name: names.category(r.category_id),
  handler_id: r.handler_id,
  handler_name: names.handler(r.handler_id),
  requester_name: r.requester_name,
  requester_phone: r.requester_phone,
  reason: r.reason,
  created_at: r.created_at,
  updated_at: r.updated_at,
  version: r.version,
  allowed_actions,
});

/**
 * The one reading of the date filters: a day (`YYYY-MM-DD`) is the company's day, an
 * instant may carry any offset; both become the UTC instants times are stored as.
 */
export function zonedFilters<T extends { created_from?: string; created_to?: string }>(q: T, tz: string): T {
  if (q.created_from === undefined && q.created_to === undefined) return q;
  const instant = (v: string | undefined, edge: typeof dayStart) => (v === undefined ? v : v.length === 10 ? edge(v, tz) : new Date(v).toISOString());
  return { ...q, created_from: instant(q.created_from, dayStart), created_to: instant(q.created_to, dayEnd) };
}

/** Orders as the actor sees them, with the actions they may take on each now and their display names (names.ts). */
export async function presentOrders(db: Kysely<DB>, actor: Actor, rows: readonly OrderListRow[]): Promise<WorkOrder[]> {
  const names = await namesFor(db, actor.companyId, actor.epoch, rows);
  return rows.map((r) => toWorkOrder(r, allowedActions(r, actor, actor.boundApplications.has(r.application_id)), names));
}

/** One order as the actor sees it (`presentOrders`). */
export async function presentOrder(db: Kysely<DB>, actor: Actor, order: OrderRow): Promise<WorkOrder> {
  return (await presentOrders(db, actor, [order]))[0];
}

/**
 * `read()`'s result for `actor`, kept while the database is unchanged (db/read-cache.ts):
 * what a work-order read depends on besides the database is the caller (user, company,
 * language), its `kind` and `what` it asked for (null: not kept). The epoch read with the
 * change stamp (PostgreSQL) confirms the one the actor assumed.
 */
function keptRead<V>(db: Kysely<DB>, actor: Actor, kind: 'list' | 'detail' | 'awaiting', what: string | null, read: () => Promise<V>): Promise<V> {
  const key = what === null ? null : `${kind}\0${actor.userId}\0${actor.companyId}\0${actor.lang}\0${what}`;
  return readThrough(db, key, read, (epoch) => confirmEpochRead(actor, epoch));
}

const ASSIGNMENT_ACTIONS = ['claim', 'assign', 'reassign', 'dispatch'];

export function createWorkOrderService(db: Kysely<DB>) {
  const parseRecord = (r: Awaited<ReturnType<OrderRepo['listRecords']>>[number]) => ({
    ...r,
    is_internal: r.is_internal === 1,
    detail: r.detail ? (JSON.parse(r.detail) as unknown) : null,
  });

  return {
    /**
     * A page of the orders the actor may see. A page is kept while the database is unchanged
     * (db/read-cache.ts): agents reopening and refreshing the list between writes
     * read it once; what it depends on besides the database is the caller and the query. A
     * keyword search is not kept: typed words rarely come twice, and kept they would push
     * out the pages and details that are reopened.
     */
    async list(actor: Actor, q: WorkOrderListQuery): Promise<Paged<WorkOrder>> {
      return keptRead(db, actor, 'list', q.keyword ? null : JSON.stringify(q), async () => {
        const data = forCompany(db, actor.companyId);
        await data.references.requireOwned({ application: q.application_id, category: q.category_id, staff: q.handler_id });
        const found = await data.orders.listOrders({ ...zonedFilters(q, actor.timeZone), visibility: await visibilityOf(data, actor) });
        // The page's statement read the epoch: the endpoint wrapper need not read it.
        confirmEpochRead(actor, found.epoch);
        return pageOf(await presentOrders(db, actor, found.rows), found.total, q, found.capped === true);
      });
    },

    /** One order with its form, template and history; kept while the database is unchanged, as the list is. */
    async detail(actor: Actor, id: WorkOrderId): Promise<WorkOrderDetail> {
      return keptRead(db, actor, 'detail', String(id), async () => {
        const data = forCompany(db, actor.companyId);
        const order = await data.orders.findOrderDetail(id, await visibilityOf(data, actor));
        if (!order) throw errors.notFound('orderNotFound');
        // The order's statement read the epoch (docs/design.md, "One statement a detail").
        confirmEpochRead(actor, order.epoch);
        const { records, epoch: _, ...row } = order;
        return {
          ...(await presentOrder(db, actor, row)),
          form_data: JSON.parse(row.form_data) as Record<string, unknown>,
          template: {
            id: row.template_id,
            name: row.template_name ?? '',
            version: row.template_version,
            // Choices from a source show by name, as the requester chose them.
            schema: row.template_schema ? await withCompanySources(db, actor.companyId, row.template_schema) : { list: [] },
            needs_review: row.template_needs_review === 1,
          },
          records: records.map(parseRecord),
        };
      });
    },

    /** The order's history; `assignments` narrows it to claim, assign, reassign and dispatch steps. */
    async records(actor: Actor, id: WorkOrderId, kind: 'all' | 'assignments') {
      const data = forCompany(db, actor.companyId);
      const { orders } = data;
      await loadOrder(orders, id, await visibilityOf(data, actor));
      const rows = await orders.listRecords(id, kind === 'assignments' ? ASSIGNMENT_ACTIONS : undefined);
      return rows.map(parseRecord);
    },

    async counts(actor: Actor): Promise<StatusCounts> {
      const data = forCompany(db, actor.companyId);
      const counts = await data.orders.statusCounts(await visibilityOf(data, actor));
      return { counts, total: Object.values(counts).reduce((s, n) => s + n, 0) };
    },

    /**
     * Orders awaiting assignment (docs/product.md, section 7: allDaiNumber); `name` narrows to
     * one application or template.
     */
    async awaitingAssignment(actor: Actor, name?: string): Promise<number> {
      return keptRead(db, actor, 'awaiting', name ?? '', async () => {
        const data = forCompany(db, actor.companyId);
        const visibility = await visibilityOf(data, actor);
        if (name) return data.orders.countUnassignedByName(name, visibility);
        const { n, epoch } = await data.orders.countWithEpoch('unassigned', visibility);
        confirmEpochRead(actor, epoch);
        return n;
      });
    },

    /** Staff who may receive an order (`employee_list`, `staffListTwo`): bound first, then the least loaded. */
    async employees(actor: Actor, q: { application_id?: ApplicationId; department_id?: DepartmentId; keyword?: string }): Promise<Employee[]> {
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ application: q.application_id, department: q.department_id });
      const departmentIds = q.department_id ? await data.reads.departmentAndDescendants(q.department_id) : undefined;
      const rows = await data.reads.assignableStaff({ ...q, departmentIds });
      const list = rows.map((r) => ({ ...r, open_count: Number(r.open_count), bound: q.application_id ? Number(r.bound) > 0 : true }));
      return list.sort((a, b) => Number(b.bound) - Number(a.bound) || a.open_count - b.open_count || a.id - b.id);
    },

    /** "My work orders": to handle, created by me, or reviewed by me. */
    async mine(actor: Actor, q: { type: (typeof MY_WORK_ORDER_TYPES)[number]; status?: WorkOrderStatus; pageNo: number; pageSize: number }) {
      const { rows, total } = await forCompany(db, actor.companyId).reads.myOrders(actor.staffId, q);
      return pageOf(await presentOrders(db, actor, rows), total, q);
    },

    /** Order kinds (templates in use by the company's applications), for filters. */
    async kinds(actor: Actor) {
      return forCompany(db, actor.companyId).reads.orderKinds();
    },

    /** One order kind with its fields (label, model, type, options), for filter and export columns. */
    async kindDetail(actor: Actor, templateId: TemplateId) {
      const t = await forCompany(db, actor.companyId).reads.templateOf(templateId);
      if (!t) throw errors.notFound();
      const schema = await withCompanySources(db, actor.companyId, parsedTemplate(t.schema));
      return {
        id: t.id,
        name: t.name,
        version: t.version,
        is_automatic: t.is_automatic === 1,
        needs_review: t.needs_review === 1,
        fields: templateFields(schema).map((f) => ({ model: f.model, label: f.label, type: f.type, options: f.options?.options ?? [] })),
      };
    },
  };
}
export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
