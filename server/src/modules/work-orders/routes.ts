/**
 * Work-order calls for staff (SPEC.md section 7: Work orders, Work, Batch). Routes only
 * validate, call a service and wrap the envelope. Where two documented paths mean one
 * operation (Work/batchClaim and Batch_Work/batchWorkClaim), both reach one handler.
 */
import {
  appStatsDetailQuery,
  batchAssignBody,
  batchRejectBody,
  cancelBody,
  companyScoped,
  completeBody,
  employeeListQuery,
  examineBody,
  idsBody,
  myWorkOrderBody,
  noteBody,
  orderIdBody,
  orderIdQuery,
  reassignBody,
  rejectBody,
  resubmitBody,
  staffCreateBody,
  staffEditBody,
  statsQuery,
  workOrderListQuery,
} from '@swo/contract';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/context.ts';
import type { App } from '../../http/types.ts';
import { withIdempotency } from './idempotency.ts';

const tags = ['work orders'];

export function workOrderRoutes(app: App, s: Services): void {
  const { workOrders: reads, workOrderActions: acts, stats } = s;

  // --- reads -------------------------------------------------------------------------
  app.get('/admin/Workorder/list', { config: { permission: 'workorder.query' }, schema: { querystring: workOrderListQuery, tags } }, async (req) =>
    ok(await reads.list(actorOf(req), req.query)),
  );
  for (const url of ['/admin/Workorder/work_order_details', '/admin/Work/detail']) {
    app.get(url, { config: { permission: 'workorder.get' }, schema: { querystring: orderIdQuery, tags } }, async (req) => ok(await reads.detail(actorOf(req), req.query.id)));
  }
  for (const url of ['/admin/Workorder/work_order_record_list', '/admin/Work/workOrderLog']) {
    app.get(url, { config: { permission: 'workorder.get' }, schema: { querystring: orderIdQuery, tags } }, async (req) => ok(await reads.records(actorOf(req), req.query.id, 'all')));
  }
  app.get('/admin/Workorder/work_order_assign_record', { config: { permission: 'workorder.get' }, schema: { querystring: orderIdQuery, tags } }, async (req) =>
    ok(await reads.records(actorOf(req), req.query.id, 'assignments')),
  );
  for (const url of ['/admin/Workorder/employee_list', '/admin/Work/staffListTwo']) {
    app.get(url, { config: { permission: 'workorder.query' }, schema: { querystring: employeeListQuery, tags } }, async (req) => ok(await reads.employees(actorOf(req), req.query)));
  }
  app.post('/admin/Work/myWorkOrder', { config: { permission: 'myorders.query' }, schema: { body: myWorkOrderBody, tags } }, async (req) => ok(await reads.mine(actorOf(req), req.body)));
  app.get('/admin/Work/pendingNumber', { config: { permission: 'workorder.query' }, schema: { querystring: companyScoped, tags } }, async (req) =>
    ok(await reads.counts(actorOf(req))),
  );
  app.post(
    '/admin/Work/allDaiNumber',
    { config: { permission: 'member' }, schema: { body: companyScoped.extend({ name: z.string().trim().max(64).optional() }), tags } },
    async (req) => ok(await reads.awaitingAssignment(actorOf(req), req.body.name || undefined)),
  );
  app.get('/admin/Work/workOrderName', { config: { permission: 'workorder.query' }, schema: { querystring: companyScoped, tags } }, async (req) => ok(await reads.kinds(actorOf(req))));
  app.post('/admin/Work/workOrderNameDetail', { config: { permission: 'workorder.query' }, schema: { body: orderIdBody, tags } }, async (req) =>
    ok(await reads.kindDetail(actorOf(req), req.body.id)),
  );
  app.get('/admin/Work/staffApplication', { config: { permission: 'member' }, schema: { querystring: companyScoped, tags } }, async (req) =>
    ok(await s.applications.boundTo(actorOf(req))),
  );

  // --- statistics --------------------------------------------------------------------
  app.post('/admin/Work/appData', { config: { permission: 'dashboard.query' }, schema: { body: statsQuery, tags } }, async (req) => ok(await stats.applications(actorOf(req), req.body)));
  app.post('/admin/Work/appDataDetail', { config: { permission: 'dashboard.query' }, schema: { body: appStatsDetailQuery, tags } }, async (req) =>
    ok(await stats.application(actorOf(req), req.body.application_id, req.body)),
  );
  app.post('/admin/Work/staffDataList', { config: { permission: 'dashboard.query' }, schema: { body: statsQuery, tags } }, async (req) => ok(await stats.staff(actorOf(req), req.body)));

  // --- single actions ----------------------------------------------------------------
  app.post('/admin/Workorder/claim_work_order', { config: { permission: 'workorder.renling' }, schema: { body: orderIdBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, 'claim', { version: req.body.version })),
  );
  app.get('/admin/Work/claim', { config: { permission: 'workorder.renling' }, schema: { querystring: orderIdQuery, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.query.id, 'claim')),
  );
  // The handler rules (only the handler completes or transfers) are checked by the policy.
  app.post('/admin/Workorder/work_order_reassign', { config: { permission: 'workorder.query' }, schema: { body: reassignBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, 'reassign', { staffId: req.body.staff_id, note: req.body.note, version: req.body.version })),
  );
  app.post('/admin/Workorder/work_order_complete', { config: { permission: 'workorder.query' }, schema: { body: completeBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, 'complete', { note: req.body.note, version: req.body.version })),
  );
  app.post('/admin/Workorder/work_order_reject', { config: { permission: 'workorder.query' }, schema: { body: rejectBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, 'reject', { reason: req.body.reason, version: req.body.version })),
  );
  app.post('/admin/Workorder/work_order_examine', { config: { permission: 'workorder.examine' }, schema: { body: examineBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, req.body.pass ? 'examine_pass' : 'examine_fail', { reason: req.body.reason, version: req.body.version })),
  );
  app.post('/admin/Workorder/work_order_cancel', { config: { permission: 'workorder.cancelorder' }, schema: { body: cancelBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, 'cancel', { reason: req.body.reason, version: req.body.version })),
  );
  app.post('/admin/Workorder/resubmit_work_order', { config: { permission: 'workorder.query' }, schema: { body: resubmitBody, tags } }, async (req) =>
    ok(await acts.act(actorOf(req), req.body.id, 'resubmit', { formData: req.body.form_data, version: req.body.version })),
  );
  app.post('/admin/Workorder/record_notes', { config: { permission: 'workorder.get' }, schema: { body: noteBody, tags } }, async (req) => {
    await acts.note(actorOf(req), req.body.id, req.body.note);
    return ok(null);
  });

  // --- batches (each item on its own; Idempotency-Key makes a retry act once) --------
  const key = (h: unknown) => (typeof h === 'string' && h.trim() ? h.trim().slice(0, 128) : undefined);
  for (const url of ['/admin/Work/batchClaim', '/admin/Batch_Work/batchWorkClaim']) {
    app.post(url, { config: { permission: 'workorder.renling' }, schema: { body: idsBody, tags } }, async (req) => {
      const actor = actorOf(req);
      return ok(await withIdempotency(s.db, actor, key(req.headers['idempotency-key']), [url, req.body], () => acts.batch(actor, req.body.ids, 'claim')));
    });
  }
  for (const url of ['/admin/Work/batchAssign', '/admin/Batch_Work/batchWorkAssign']) {
    app.post(url, { config: { permission: 'workorder.zhipai' }, schema: { body: batchAssignBody, tags } }, async (req) => {
      const actor = actorOf(req);
      return ok(
        await withIdempotency(s.db, actor, key(req.headers['idempotency-key']), [url, req.body], () =>
          acts.batch(actor, req.body.ids, 'assign', { staffId: req.body.staff_id, note: req.body.note }),
        ),
      );
    });
  }
  app.post('/admin/Work/batchReject', { config: { permission: 'workorder.query' }, schema: { body: batchRejectBody, tags } }, async (req) => {
    const actor = actorOf(req);
    return ok(
      await withIdempotency(s.db, actor, key(req.headers['idempotency-key']), ['batchReject', req.body], () => acts.batch(actor, req.body.ids, 'reject', { reason: req.body.reason })),
    );
  });

  // --- staff-side create, edit, delete; withdraw (staff creator or requester) -------------
  app.post('/admin/Work/add', { config: { permission: 'workorder.add' }, schema: { body: staffCreateBody, tags } }, async (req) => ok(await acts.create(actorOf(req), req.body)));
  app.post('/admin/Work/edit', { config: { permission: 'workorder.edit' }, schema: { body: staffEditBody, tags } }, async (req) =>
    ok(await acts.edit(actorOf(req), req.body.id, req.body.form_data, req.body.version)),
  );
  app.get('/admin/Work/delete', { config: { permission: 'workorder.delete' }, schema: { querystring: orderIdQuery, tags } }, async (req) => {
    await acts.remove(actorOf(req), req.query.id);
    return ok(null);
  });
}
