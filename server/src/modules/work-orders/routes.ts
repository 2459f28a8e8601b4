/** Work-order calls for staff (SPEC.md section 7, Work orders and Work). */
import { companyScoped, completeBody, orderIdBody, workOrderListQuery } from '@swo/contract';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/context.ts';
import type { App } from '../../http/types.ts';

const tags = ['work orders'];

export function workOrderRoutes(app: App, s: Services): void {
  app.get('/admin/Workorder/list', { config: { permission: 'workorder.query' }, schema: { querystring: workOrderListQuery, tags } }, async (req) =>
    ok(await s.workOrders.list(actorOf(req), req.query)),
  );

  app.get(
    '/admin/Workorder/work_order_details',
    { config: { permission: 'workorder.get' }, schema: { querystring: companyScoped.extend({ id: z.coerce.number().int().positive() }), tags } },
    async (req) => ok(await s.workOrders.detail(actorOf(req), req.query.id)),
  );

  app.post('/admin/Workorder/claim_work_order', { config: { permission: 'workorder.renling' }, schema: { body: orderIdBody, tags } }, async (req) =>
    ok(await s.workOrders.act(actorOf(req), req.body.id, 'claim', { version: req.body.version })),
  );

  // Completing is the handler's own step; the handler rule is checked by the policy.
  app.post('/admin/Workorder/work_order_complete', { config: { permission: 'workorder.query' }, schema: { body: completeBody, tags } }, async (req) =>
    ok(await s.workOrders.act(actorOf(req), req.body.id, 'complete', { note: req.body.note, version: req.body.version })),
  );

  app.post(
    '/admin/Work/allDaiNumber',
    { config: { permission: 'member' }, schema: { body: companyScoped.extend({ name: z.string().trim().max(64).optional() }), tags } },
    async (req) => ok(await s.workOrders.awaitingAssignment(actorOf(req), req.body.name || undefined)),
  );

  app.get('/admin/Work/pendingNumber', { config: { permission: 'workorder.query' }, schema: { querystring: companyScoped, tags } }, async (req) =>
    ok(await s.workOrders.counts(actorOf(req))),
  );
}
