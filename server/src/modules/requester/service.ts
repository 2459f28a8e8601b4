/**
 * The requester's side (public, no staff token; docs/product.md, section 2,
 * "Requester pages"): an
 * application's form by its public key, submitting an order, and then following, editing
 * and resubmitting (when rejected) and withdrawing one's own orders. A requester is known
 * by the `ident` returned at creation (stored hashed); an ident only ever sees its own
 * orders, and anything else looks exactly like "not found".
 */
import type { Kysely } from 'kysely';
import {
  orderTitle,
  type CreateWorkReply,
  type PublicOrder,
  type PublicOrderDetail,
  type CompanyId,
  type RequesterId,
  type TemplateDataReply,
  type WorkOrderId,
  type WorkOrderStatus,
} from '@swo/contract';
import type { z } from 'zod';
import type { createWorkBody, editWorkBody } from '@swo/contract';
import { groupedTransaction } from '../../db/group-commit.ts';
import { dbTurnBatch } from '../../db/turn-batch-of.ts';
import type { Db } from '../../db/types.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../http/errors.ts';
import { now } from '../../lib/time.ts';
import { findActiveByKey, findActiveByKeyTakingIds } from '../applications/repo.ts';
import { attachFormUploads, createOrder, templateOf, validFormData } from '../work-orders/create.ts';
import type { Lang } from '../../http/messages.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { withCompanySources } from '../templates/sources.ts';
import { loadOrder, transition, type ActingParty } from '../work-orders/transition.ts';
import { identKey, newIdent } from './ident.ts';
import { findRequester } from './repo.ts';

type CreateWorkBody = z.infer<typeof createWorkBody>;
type EditWorkBody = z.infer<typeof editWorkBody>;

/** Record actions a requester sees in the public timeline (never internal notes or edits by staff). */
const PUBLIC_ACTIONS = new Set(['create', 'claim', 'assign', 'dispatch', 'reassign', 'complete', 'examine_pass', 'reject', 'resubmit', 'withdraw', 'cancel']);

async function activeApp(db: Db, appKey: string) {
  const app = await findActiveByKey(db, appKey);
  if (!app) throw errors.notFound('appNotFound');
  return app;
}

/**
 * The requester behind `ident` in the company, or a new one with a fresh ident (its id
 * `takenId` when one was taken ahead).
 */
async function requesterFor(db: Db, companyId: CompanyId, body: CreateWorkBody, at: string, takenId: RequesterId | null) {
  const { requesters } = forCompany(db, companyId);
  if (body.ident) {
    const existing = await findRequester(db, body.ident);
    if (existing && existing.company_id === companyId) {
      await requesters.updateRequester(existing.id, body.requester_name, body.requester_phone);
      return { id: existing.id, ident: body.ident };
    }
  }
  const ident = newIdent();
  const id = await requesters.insertRequester(
    {
      name: body.requester_name,
      phone: body.requester_phone,
      ident_hash: identKey(ident),
      created_at: at,
    },
    takenId,
  );
  return { id, ident };
}

export function createRequesterService(db: Kysely<DB>) {
  /**
   * The application of a public create with the ids it takes: the creates of one key
   * arriving in one turn read it in one statement, each with ids of its own on PostgreSQL.
   */
  const applicationForCreate = dbTurnBatch(
    db,
    (appKey: string, n: number) => findActiveByKeyTakingIds(db, appKey, n),
    (appKey) => appKey,
  );

  /** The requester of an ident, or 404. */
  async function requester(trx: Db, ident: string) {
    const r = await findRequester(trx, ident);
    if (!r) throw errors.notFound('orderNotFound');
    return r;
  }

  /** One of the requester's own orders, or 404. */
  async function ownOrder(trx: Db, ident: string, id: WorkOrderId) {
    const r = await requester(trx, ident);
    const data = forCompany(trx, r.company_id);
    const order = await data.orders.findOrder(id);
    if (!order || order.requester_id !== r.id) throw errors.notFound('orderNotFound');
    return { r, order, data };
  }

  const party = (r: { company_id: CompanyId; name: string }, ip: string): ActingParty => ({
    companyId: r.company_id,
    staffId: null,
    name: r.name,
    userId: null,
    username: r.name,
    ip,
  });

  return {
    async templateData(appKey: string): Promise<TemplateDataReply> {
      const app = await activeApp(db, appKey);
      return {
        application: { name: app.name, app_key: app.app_key, description: app.description, company_name: app.company_name },
        template: {
          id: app.template_id,
          version: app.template_version,
          name: app.template_name,
          schema: await withCompanySources(db, app.company_id, templateOf(app)),
        },
      };
    },

    /** Validates `form_data` (400 with field messages, nothing stored) and creates the order. */
    async create(body: CreateWorkBody, ip: string, lang: Lang): Promise<CreateWorkReply> {
      // Read and validate before the transaction: on SQLite a transaction holds the one
      // connection and every other call waits while it runs, so the less it holds the
      // better (616 -> ~700 creates/s at 1M orders, a noisy measure).
      // On PostgreSQL with the ids it will write, so that its writes go as one statement.
      const app = await applicationForCreate(body.app_key);
      if (!app) throw errors.notFound('appNotFound');
      const schema = templateOf(app);
      const value = await validFormData(db, app.company_id, schema, body.form_data, lang);
      // Committed with the creates that arrive meanwhile (db/group-commit.ts).
      return groupedTransaction(db, async (trx) => {
        const who = await requesterFor(trx, app.company_id, body, now(), app.ids?.requesterId ?? null);
        const order = await createOrder(trx, {
          app,
          schema,
          taken: app.ids?.order,
          value,
          requesterName: body.requester_name,
          requesterPhone: body.requester_phone,
          requesterId: who.id,
          creatorStaffId: null,
          by: party({ company_id: app.company_id, name: body.requester_name }, ip),
          lang,
        });
        return { ...order, ident: who.ident };
      });
    },

    /** The requester's orders, newest first (at most 200). */
    async list(ident: string): Promise<PublicOrder[]> {
      const r = await requester(db, ident);
      return forCompany(db, r.company_id).requesters.requesterOrders(r.id, 200);
    },

    /** `applet_work_order_see`: one own order with its public timeline. */
    async view(ident: string, id: WorkOrderId): Promise<PublicOrderDetail> {
      const { order, data } = await ownOrder(db, ident, id);
      const [tpl, records, app] = await Promise.all([
        data.orders.findTemplateVersion(order.template_id, order.template_version),
        data.orders.listRecords(id),
        data.requesters.applicationOf(order.application_id),
      ]);
      return {
        id: order.id,
        order_no: order.order_no,
        title: order.title,
        status: order.status as WorkOrderStatus,
        application_name: app?.application_name ?? '',
        company_name: app?.company_name ?? '',
        app_key: app?.app_key ?? '',
        reason: order.reason,
        created_at: order.created_at,
        updated_at: order.updated_at,
        form_data: JSON.parse(order.form_data) as Record<string, unknown>,
        template: { name: tpl?.name ?? '', schema: tpl ? await withCompanySources(db, data.companyId, tpl.schema) : { list: [] } },
        timeline: records
          .filter((x) => x.is_internal === 0 && PUBLIC_ACTIONS.has(x.action))
          .map((x) => ({
            action: x.action,
            to_status: x.to_status,
            note: ['reject', 'cancel', 'complete'].includes(x.action) ? x.note : null,
            created_at: x.created_at,
          })),
      };
    },

    /** `editWorkNew`: new form values for a rejected order, which is then resubmitted. */
    async editAndResubmit(body: EditWorkBody, ip: string, lang: Lang): Promise<{ id: WorkOrderId; status: WorkOrderStatus }> {
      return db.transaction().execute(async (trx) => {
        const { r, order, data } = await ownOrder(trx, body.ident, body.id);
        const { orders, requesters } = data;
        if (order.status !== 'rejected') throw errors.conflict();
        const tpl = await orders.findTemplateVersion(order.template_id, order.template_version);
        if (!tpl) throw errors.notFound('templateGone');
        const { schema } = tpl;
        const value = await validFormData(trx, r.company_id, schema, body.form_data, lang);
        const at = now();
        if (
          !(await orders.updateFormData(order.id, {
            form_data: JSON.stringify(value),
            title: orderTitle(tpl.name, schema, value),
            version: order.version,
            at,
          }))
        ) {
          throw errors.conflict();
        }
        await attachFormUploads(trx, r.company_id, order.id, schema, value, lang);
        if (body.requester_name || body.requester_phone) {
          await requesters.updateRequester(r.id, body.requester_name ?? r.name, body.requester_phone ?? r.phone);
          await requesters.renameOnOrder(order.id, body.requester_name ?? order.requester_name, body.requester_phone ?? order.requester_phone);
        }
        await orders.insertRecord({
          work_order_id: order.id,
          action: 'edit',
          from_status: 'rejected',
          to_status: 'rejected',
          actor_staff_id: null,
          actor_name: r.name,
          detail: JSON.stringify({ before: JSON.parse(order.form_data) as unknown, after: value }),
          created_at: at,
        });
        const fresh = await loadOrder(orders, order.id);
        await transition(trx, party(r, ip), fresh, 'resubmit');
        const after = await loadOrder(orders, order.id);
        return { id: order.id, status: after.status as WorkOrderStatus };
      });
    },

    /** Withdraws an own order that is unassigned or rejected. */
    async withdraw(ident: string, id: WorkOrderId, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { r, order } = await ownOrder(trx, ident, id);
        await transition(trx, party(r, ip), order, 'withdraw');
      });
    },
  };
}
export type RequesterService = ReturnType<typeof createRequesterService>;
