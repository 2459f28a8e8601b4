/**
 * Work-order operations for staff: list, detail, counts and the state-machine actions.
 * Each action is one transaction: the conditional UPDATE, its record row and its
 * operation-log row (DESIGN.md section 5). Errors: 404 not found (or another company's),
 * 403 not permitted, 409 the status does not allow it or someone acted first.
 */
import type { Kysely } from 'kysely';
import {
  actionsFor,
  nextStatus,
  type FormTemplate,
  type Paged,
  type StatusCounts,
  type WorkOrder,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderListQuery,
  type WorkOrderStatus,
} from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { writeLog } from '../operation-log/repo.ts';
import { denialFor } from './policy.ts';
import * as repo from './repo.ts';

type OrderRow = NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>;

const toWorkOrder = (r: Omit<OrderRow, 'form_data' | 'creator_staff_id' | 'requester_id'>): WorkOrder => ({
  id: r.id,
  order_no: r.order_no,
  title: r.title,
  status: r.status as WorkOrderStatus,
  application_id: r.application_id,
  application_name: r.application_name,
  template_id: r.template_id,
  template_version: r.template_version,
  category_id: r.category_id,
  category_name: r.category_name ?? null,
  handler_id: r.handler_id,
  handler_name: r.handler_name ?? null,
  requester_name: r.requester_name,
  requester_phone: r.requester_phone,
  reason: r.reason,
  created_at: r.created_at,
  updated_at: r.updated_at,
  version: r.version,
});

export interface ActionInput {
  note?: string;
  /** The version the caller saw; a stale one gives 409. */
  version?: number;
}

export function createWorkOrderService(db: Kysely<DB>) {
  async function loadOrder(trx: Db, actor: Actor, id: number): Promise<OrderRow> {
    const order = await repo.findOrder(trx, actor.companyId, id);
    if (!order) throw errors.notFound('orderNotFound');
    return order;
  }

  async function factsOf(trx: Db, actor: Actor, order: OrderRow) {
    return {
      handler_id: order.handler_id,
      creator_staff_id: order.creator_staff_id,
      actorBound: await repo.isBoundToApplication(trx, actor.companyId, order.application_id, actor.staffId),
    };
  }

  /** Applies one state-machine action as `actor`; returns the updated order. */
  async function act(actor: Actor, id: number, action: WorkOrderAction, input: ActionInput = {}): Promise<WorkOrder> {
    const updated = await db.transaction().execute(async (trx) => {
      const order = await loadOrder(trx, actor, id);
      const denial = denialFor(action, actor, await factsOf(trx, actor, order));
      if (denial) throw new AppError(403, denial === 'notHandler' ? 'notHandler' : 'forbidden');
      if (input.version !== undefined && input.version !== order.version) throw errors.conflict();
      const from = order.status as WorkOrderStatus;
      const template = await repo.findTemplateVersion(trx, actor.companyId, order.template_id, order.template_version);
      const to = nextStatus(action, from, { needsReview: template?.needs_review === 1 });
      if (!to) throw errors.conflict();
      const at = now();
      const handler = action === 'claim' ? actor.staffId : undefined;
      const moved = await repo.moveStatus(trx, actor.companyId, id, { from, to, version: order.version, at, handler_id: handler });
      if (!moved) throw errors.conflict();
      await repo.insertRecord(trx, actor.companyId, {
        work_order_id: id,
        action,
        from_status: from,
        to_status: to,
        actor_staff_id: actor.staffId,
        actor_name: actor.staffName,
        note: input.note?.trim() || null,
        created_at: at,
      });
      await writeLog(trx, {
        company_id: actor.companyId,
        user_id: actor.userId,
        username: actor.username,
        module: 'work_order',
        action: action as 'claim',
        target_id: id,
        detail: { order_no: order.order_no, from, to },
        ip: actor.ip,
      });
      return loadOrder(trx, actor, id);
    });
    return toWorkOrder(updated);
  }

  return {
    act,

    async list(actor: Actor, q: WorkOrderListQuery): Promise<Paged<WorkOrder>> {
      const { rows, total } = await repo.listOrders(db, actor.companyId, q);
      return {
        data: rows.map(toWorkOrder),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount: total,
        totalPage: Math.ceil(total / q.pageSize),
      };
    },

    async detail(actor: Actor, id: number): Promise<WorkOrderDetail> {
      const order = await loadOrder(db, actor, id);
      const [template, records, facts] = await Promise.all([
        repo.findTemplateVersion(db, actor.companyId, order.template_id, order.template_version),
        repo.listRecords(db, actor.companyId, id),
        factsOf(db, actor, order),
      ]);
      const status = order.status as WorkOrderStatus;
      return {
        ...toWorkOrder(order),
        form_data: JSON.parse(order.form_data) as Record<string, unknown>,
        template: {
          id: order.template_id,
          name: template?.name ?? '',
          version: order.template_version,
          schema: template ? (JSON.parse(template.schema) as FormTemplate) : { list: [] },
          needs_review: template?.needs_review === 1,
        },
        records: records.map((r) => ({ ...r, is_internal: r.is_internal === 1 })),
        allowed_actions: actionsFor(status).filter((a) => a !== 'note' && !denialFor(a, actor, facts)),
      };
    },

    async counts(actor: Actor): Promise<StatusCounts> {
      const counts = await repo.statusCounts(db, actor.companyId);
      return { counts, total: Object.values(counts).reduce((s, n) => s + n, 0) };
    },

    /** Orders awaiting assignment (SPEC.md section 7, allDaiNumber); `name` narrows to one application or template. */
    async awaitingAssignment(actor: Actor, name?: string): Promise<number> {
      if (name) return repo.countUnassignedByName(db, actor.companyId, name);
      return (await repo.statusCounts(db, actor.companyId)).unassigned;
    },
  };
}
export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
