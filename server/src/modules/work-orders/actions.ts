/**
 * Staff actions on work orders (docs/design.md, "Work-order state machine"): the
 * state-machine actions one by one and in batches, internal notes, create on behalf of a
 * requester, edit and soft delete. Each single change is one transaction; a batch applies
 * every item in its own transaction and reports `{id, ok, code, msg}` per item. Errors: 404
 * (not found or another company's), 403 (permission or handler rule), 409 (status or
 * version), 400 (input).
 */
import type { Kysely } from 'kysely';
import type { ApplicationId, BatchReply, StaffId, WorkOrder, WorkOrderAction, WorkOrderId, WorkOrderStatus } from '@swo/contract';
import { canTransition, DELETABLE_STATUSES, EDITABLE_STATUSES, orderTitle } from '@swo/contract';
import { groupedTransaction } from '../../db/group-commit.ts';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, errors, toEnvelope } from '../../http/errors.ts';
import { message } from '../../http/messages.ts';
import { now } from '../../lib/time.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { raiseEvent } from '../live/repo.ts';
import { attachFormUploads, createOrder, templateOf, validFormData } from './create.ts';
import { denialFor, mayReceive } from './policy.ts';
import { presentOrder } from './service.ts';
import { loadOrder, transition, type ActingParty, type OrderRow } from './transition.ts';
import { visibilityOf, type Visibility } from './visibility.ts';

export interface ActionInput {
  note?: string;
  reason?: string;
  /** Target handler of assign and reassign. */
  staffId?: StaffId;
  /** The version the caller saw; a stale one gives 409. */
  version?: number;
  /** New form values sent with a resubmit. */
  formData?: Record<string, unknown>;
}

export const partyOf = (a: Actor): ActingParty => ({
  companyId: a.companyId,
  staffId: a.staffId,
  name: a.staffName,
  userId: a.userId,
  username: a.username,
  ip: a.ip,
});

/** Throws 403 unless `actor` may take `action` on `order` (policy.ts). */
export function checkMay(actor: Actor, order: OrderRow, action: WorkOrderAction): void {
  const facts = {
    handler_id: order.handler_id,
    creator_staff_id: order.creator_staff_id,
    actorBound: actor.boundApplications.has(order.application_id),
  };
  const denial = denialFor(action, actor, facts);
  if (denial) throw new AppError(403, denial);
}

/**
 * The active staff member an order is assigned or reassigned to; 400 unless they may
 * receive it (policy.ts). The caller has already answered 404 for another company's id.
 */
async function targetStaff(db: Db, actor: Actor, order: OrderRow, staffId: StaffId | undefined) {
  const { orders } = forCompany(db, actor.companyId);
  const s = staffId ? await orders.findActiveStaff(staffId) : undefined;
  if (!s) throw errors.validation({ staff_id: [message(actor.lang, 'staffUnavailable')] });
  if (!mayReceive(await orders.handlingFacts(order.application_id, s.id))) {
    throw new AppError(400, 'staffCannotHandle', { errors: { staff_id: [message(actor.lang, 'staffCannotHandle')] } });
  }
  return s;
}

/** Applies `action` to one order inside `trx`, with every check. */
async function actIn(trx: Db, actor: Actor, id: WorkOrderId, action: WorkOrderAction, input: ActionInput, visibility: Visibility): Promise<void> {
  const { orders } = forCompany(trx, actor.companyId);
  const order = await loadOrder(orders, id, visibility);
  // The status decides first: an action it does not allow is 409 for everyone.
  if (!canTransition(action, order.status as WorkOrderStatus)) throw errors.conflict();
  checkMay(actor, order, action);
  if (input.version !== undefined && input.version !== order.version) throw errors.conflict();
  const target = action === 'assign' || action === 'reassign' ? await targetStaff(trx, actor, order, input.staffId) : undefined;
  if (target && target.id === order.handler_id) throw errors.conflict('alreadyHandler');
  if (action === 'resubmit' && input.formData) await replaceFormData(trx, actor, order, input.formData);
  const fresh = action === 'resubmit' && input.formData ? await loadOrder(orders, id) : order;
  await transition(trx, partyOf(actor), fresh, action, { note: input.note, reason: input.reason, target });
}

/** Validates and stores new form values, keeping the replaced ones on an `edit` record. */
async function replaceFormData(trx: Db, actor: Actor, order: OrderRow, formData: Record<string, unknown>): Promise<void> {
  const { orders, log } = forCompany(trx, actor.companyId);
  const tpl = await orders.findTemplateVersion(order.template_id, order.template_version);
  if (!tpl) throw errors.notFound('templateGone');
  const { schema } = tpl;
  const value = await validFormData(trx, actor.companyId, schema, formData, actor.lang);
  const before = JSON.parse(order.form_data) as Record<string, unknown>;
  const changed = Object.keys({ ...before, ...value }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(value[k]));
  const at = now();
  const ok = await orders.updateFormData(order.id, {
    form_data: JSON.stringify(value),
    title: orderTitle(tpl.name, schema, value),
    version: order.version,
    at,
  });
  if (!ok) throw errors.conflict();
  await attachFormUploads(trx, actor.companyId, order.id, schema, value, actor.lang);
  await orders.insertRecord({
    work_order_id: order.id,
    action: 'edit',
    from_status: order.status,
    to_status: order.status,
    actor_staff_id: actor.staffId,
    actor_name: actor.staffName,
    detail: JSON.stringify({
      before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
      after: Object.fromEntries(changed.map((k) => [k, value[k] ?? null])),
    }),
    created_at: at,
  });
  await log.write({ ...logBase(actor), action: 'edit', target_id: order.id, detail: { order_no: order.order_no, fields: changed } });
}

const logBase = (a: Actor) => ({ user_id: a.userId, username: a.username, module: 'work_order' as const, ip: a.ip });

export function createWorkOrderActions(db: Kysely<DB>) {
  const reload = async (actor: Actor, id: WorkOrderId): Promise<WorkOrder> => {
    const data = forCompany(db, actor.companyId);
    // After a successful action the order is shown even if it has just left the actor's scope.
    return presentOrder(db, actor, await loadOrder(data.orders, id));
  };

  return {
    /** One action on one order; returns the updated order. */
    async act(actor: Actor, id: WorkOrderId, action: WorkOrderAction, input: ActionInput = {}): Promise<WorkOrder> {
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ staff: input.staffId });
      const visibility = await visibilityOf(data, actor);
      await db.transaction().execute((trx) => actIn(trx, actor, id, action, input, visibility));
      return reload(actor, id);
    },

    /** The same action on each id, each in its own transaction; duplicate ids are acted on once. */
    async batch(actor: Actor, ids: WorkOrderId[], action: WorkOrderAction, input: ActionInput = {}): Promise<BatchReply> {
      // A target of another company fails the whole call, before any order is touched.
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ staff: input.staffId });
      const visibility = await visibilityOf(data, actor);
      const results: BatchReply['results'] = [];
      for (const id of [...new Set(ids)]) {
        try {
          await db.transaction().execute((trx) => actIn(trx, actor, id, action, input, visibility));
          results.push({ id, ok: true, code: 200, msg: message(actor.lang, 'success') });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const { body } = toEnvelope(err, actor.lang);
          results.push({ id, ok: false, code: body.code, msg: body.msg });
        }
      }
      return { results };
    },

    /** An internal note: never shown to requesters, allowed in every status. */
    async note(actor: Actor, id: WorkOrderId, note: string): Promise<void> {
      const visibility = await visibilityOf(forCompany(db, actor.companyId), actor);
      await db.transaction().execute(async (trx) => {
        const { orders, log } = forCompany(trx, actor.companyId);
        const order = await loadOrder(orders, id, visibility);
        checkMay(actor, order, 'note');
        await orders.insertRecord({
          work_order_id: id,
          action: 'note',
          from_status: order.status,
          to_status: order.status,
          actor_staff_id: actor.staffId,
          actor_name: actor.staffName,
          note,
          is_internal: 1,
          created_at: now(),
        });
        await log.write({ ...logBase(actor), action: 'note', target_id: id, detail: { order_no: order.order_no } });
        // Open details show the new note (docs/design.md, "Live updates").
        await raiseEvent(trx, { companyId: actor.companyId, orderId: id, notified: [] }, now());
      });
    },

    /** `Work/add`: staff create an order on behalf of a requester. */
    async create(actor: Actor, b: { application_id: ApplicationId; form_data: Record<string, unknown>; requester_name: string; requester_phone: string }) {
      // Read and validated before the transaction, as the public create (requester/service.ts).
      // On PostgreSQL with the order's id and number, so that its writes go as one statement.
      const app = await forCompany(db, actor.companyId).applications.findActiveApplicationTakingIds(b.application_id);
      if (!app) throw errors.notFound('appNotFound');
      const schema = templateOf(app);
      const value = await validFormData(db, actor.companyId, schema, b.form_data, actor.lang);
      return groupedTransaction(db, async (trx) => {
        return createOrder(trx, {
          app,
          schema,
          taken: app.ids?.order,
          value,
          requesterName: b.requester_name,
          requesterPhone: b.requester_phone,
          requesterId: null,
          creatorStaffId: actor.staffId,
          by: partyOf(actor),
          lang: actor.lang,
        });
      });
    },

    /** `Work/edit`: new form values while unassigned or rejected; the old ones stay on the record. */
    async edit(actor: Actor, id: WorkOrderId, formData: Record<string, unknown>, version?: number): Promise<WorkOrder> {
      const visibility = await visibilityOf(forCompany(db, actor.companyId), actor);
      await db.transaction().execute(async (trx) => {
        const order = await loadOrder(forCompany(trx, actor.companyId).orders, id, visibility);
        if (version !== undefined && version !== order.version) throw errors.conflict();
        if (!EDITABLE_STATUSES.includes(order.status as WorkOrderStatus)) throw errors.conflict();
        await replaceFormData(trx, actor, order, formData);
        await raiseEvent(trx, { companyId: actor.companyId, orderId: id, notified: [] }, now());
      });
      return reload(actor, id);
    },

    /** `Work/delete`: soft delete of a cancelled or withdrawn order. */
    async remove(actor: Actor, id: WorkOrderId): Promise<void> {
      const visibility = await visibilityOf(forCompany(db, actor.companyId), actor);
      await db.transaction().execute(async (trx) => {
        const { orders, log } = forCompany(trx, actor.companyId);
        const order = await loadOrder(orders, id, visibility);
        if (!DELETABLE_STATUSES.includes(order.status as WorkOrderStatus)) throw errors.conflict();
        const at = now();
        if (!(await orders.softDelete(id, order.status, order.version, at))) throw errors.conflict();
        await orders.insertRecord({
          work_order_id: id,
          action: 'delete',
          from_status: order.status,
          to_status: order.status,
          actor_staff_id: actor.staffId,
          actor_name: actor.staffName,
          created_at: at,
        });
        await log.write({ ...logBase(actor), action: 'delete', target_id: id, detail: { order_no: order.order_no } });
        await raiseEvent(trx, { companyId: actor.companyId, orderId: id, notified: [] }, at);
      });
    },
  };
}
export type WorkOrderActions = ReturnType<typeof createWorkOrderActions>;
