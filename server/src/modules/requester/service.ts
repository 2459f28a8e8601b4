/**
 * The requester's side (public, no staff token): an application's form by its public key
 * and the submission of a new work order (DESIGN.md section 1). A requester is known by
 * the `ident` returned at creation (stored hashed); sending it again reuses the requester.
 */
import type { Kysely } from 'kysely';
import {
  nextStatus,
  orderTitle,
  validateFormData,
  zhFieldMessage,
  type CreateWorkReply,
  type FormTemplate,
  type TemplateDataReply,
} from '@swo/contract';
import { z } from 'zod';
import type { createWorkBody } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { AppError, errors } from '../../http/errors.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { now } from '../../lib/time.ts';
import { findActiveByKey } from '../applications/repo.ts';
import { writeLog } from '../operation-log/repo.ts';
import { pickHandler } from '../work-orders/dispatch.ts';
import * as orders from '../work-orders/repo.ts';

type CreateWorkBody = z.infer<typeof createWorkBody>;

async function activeApp(db: Db, appKey: string) {
  const app = await findActiveByKey(db, appKey);
  if (!app) throw errors.notFound('appNotFound');
  if (app.template_status !== 1) throw errors.notFound('templateGone');
  return app;
}

/** The requester behind `ident` in the company, or a new one with a fresh ident. */
async function requesterFor(db: Db, companyId: number, body: CreateWorkBody, at: string) {
  if (body.ident) {
    const existing = await db
      .selectFrom('requesters')
      .select('id')
      .where('company_id', '=', companyId)
      .where('ident_hash', '=', sha256(body.ident))
      .executeTakeFirst();
    if (existing) {
      await db.updateTable('requesters').set({ name: body.requester_name, phone: body.requester_phone }).where('id', '=', existing.id).execute();
      return { id: existing.id, ident: body.ident };
    }
  }
  const ident = newToken();
  const row = await db
    .insertInto('requesters')
    .values({ company_id: companyId, name: body.requester_name, phone: body.requester_phone, ident_hash: sha256(ident), created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ident };
}

export function createRequesterService(db: Kysely<DB>) {
  return {
    async templateData(appKey: string): Promise<TemplateDataReply> {
      const app = await activeApp(db, appKey);
      return {
        application: { name: app.name, app_key: app.app_key, description: app.description, company_name: app.company_name },
        template: { id: app.template_id, version: app.template_version, name: app.template_name, schema: JSON.parse(app.template_schema) },
      };
    },

    /**
     * Validates `form_data` against the application's template (400 with field messages,
     * nothing stored) and creates the order, dispatching it when the template is automatic.
     */
    async create(body: CreateWorkBody, ip: string): Promise<CreateWorkReply> {
      return db.transaction().execute(async (trx) => {
        const app = await activeApp(trx, body.app_key);
        const schema = JSON.parse(app.template_schema) as FormTemplate;
        const check = validateFormData(schema, body.form_data);
        if (!check.ok) {
          const fields = Object.fromEntries(Object.entries(check.errors).map(([k, es]) => [k, es.map(zhFieldMessage)]));
          throw errors.validation(fields);
        }
        const at = now();
        const requester = await requesterFor(trx, app.company_id, body, at);
        const handler = app.is_automatic === 1 ? await pickHandler(trx, app.company_id, app.id) : null;
        const status = nextStatus('create', null, { dispatched: !!handler });
        if (!status) throw new AppError(500, 'internal');
        const order = await orders.insertOrder(trx, app.company_id, {
          title: orderTitle(app.template_name, schema, check.value),
          status,
          application_id: app.id,
          template_id: app.template_id,
          template_version: app.template_version,
          category_id: app.category_id,
          handler_id: handler?.id ?? null,
          requester_id: requester.id,
          requester_name: body.requester_name,
          requester_phone: body.requester_phone,
          creator_staff_id: null,
          form_data: JSON.stringify(check.value),
          created_at: at,
          updated_at: at,
        });
        await orders.insertRecord(trx, app.company_id, {
          work_order_id: order.id,
          action: 'create',
          from_status: null,
          to_status: handler ? 'unassigned' : status,
          actor_staff_id: null,
          actor_name: body.requester_name,
          created_at: at,
        });
        if (handler) {
          await orders.insertRecord(trx, app.company_id, {
            work_order_id: order.id,
            action: 'dispatch',
            from_status: 'unassigned',
            to_status: status,
            actor_staff_id: null,
            actor_name: 'system',
            target_staff_id: handler.id,
            target_name: handler.name,
            created_at: at,
          });
        }
        await writeLog(trx, {
          company_id: app.company_id,
          user_id: null,
          username: body.requester_name,
          module: 'work_order',
          action: 'create',
          target_id: order.id,
          detail: { order_no: order.order_no, application: app.name },
          ip,
        });
        return { id: order.id, order_no: order.order_no, ident: requester.ident };
      });
    },
  };
}
export type RequesterService = ReturnType<typeof createRequesterService>;
