/**
 * Factories for work-order tests: an order of the property company in any status, made
 * through the API as a user would, with the staff's tokens at hand.
 */
import type { WorkOrderStatus } from '@swo/contract';
import { call, login, type Harness } from './helper.ts';
import { rebuildParticipants } from '../src/modules/work-orders/participants-repo.ts';

export interface Cast {
  admin: string;
  dispatcher: string;
  handler: string;
  handler2: string;
  reviewer: string;
  viewer: string;
  staffId: Record<string, number>;
}

export async function cast(h: Harness): Promise<Cast> {
  const users = ['admin', 'wangfang', 'zhangwei', 'liuqiang', 'yangmin', 'wuhao'];
  const [admin, dispatcher, handler, handler2, reviewer, viewer] = await Promise.all(users.map((u) => login(h.app, u)));
  const staff = await h.db
    .selectFrom('staff')
    .innerJoin('users', 'users.id', 'staff.user_id')
    .select(['users.username', 'staff.id'])
    .where('staff.company_id', '=', h.property)
    .execute();
  return { admin, dispatcher, handler, handler2, reviewer, viewer, staffId: Object.fromEntries(staff.map((s) => [s.username, s.id])) };
}

export async function applicationId(h: Harness, name: string): Promise<number> {
  return (await h.db.selectFrom('applications').select('id').where('company_id', '=', h.property).where('name', '=', name).executeTakeFirstOrThrow()).id;
}

const REPAIR = { location: '9栋1单元101', repair_type: '1', description: '卫生间水管漏水', urgency: '2' };

/** An order created by `admin` through Work/add on the repair application, brought to `status`. */
export async function orderIn(h: Harness, c: Cast, status: WorkOrderStatus): Promise<number> {
  const created = await call(h.app, 'POST', '/admin/Work/add', {
    token: c.admin,
    payload: {
      company_id: h.property,
      application_id: await applicationId(h, '业主报修'),
      form_data: REPAIR,
      requester_name: '测试',
      requester_phone: '13600000000',
    },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const id = created.body.data.id as number;
  const p = (extra: object = {}) => ({ company_id: h.property, id, ...extra });
  const step = async (token: string, path: string, extra: object = {}) => {
    const r = await call(h.app, 'POST', path, { token, payload: p(extra) });
    if (r.status !== 200) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
  };
  switch (status) {
    case 'unassigned':
      break;
    case 'processing':
      await step(c.admin, '/admin/Workorder/claim_work_order');
      break;
    // The handler (zhangwei) does the work, so that admin may review it.
    case 'pending_review':
      await step(c.admin, '/admin/Workorder/claim_work_order');
      await step(c.admin, '/admin/Workorder/work_order_reassign', { staff_id: c.staffId.zhangwei });
      await step(c.handler, '/admin/Workorder/work_order_complete');
      break;
    case 'completed':
      await step(c.admin, '/admin/Workorder/claim_work_order');
      await step(c.admin, '/admin/Workorder/work_order_reassign', { staff_id: c.staffId.zhangwei });
      await step(c.handler, '/admin/Workorder/work_order_complete');
      await step(c.admin, '/admin/Workorder/work_order_examine', { pass: 1 });
      break;
    case 'rejected':
      await step(c.admin, '/admin/Workorder/work_order_reject', { reason: '信息不全' });
      break;
    case 'cancelled':
      await step(c.admin, '/admin/Workorder/work_order_cancel', { reason: '重复提交' });
      break;
    case 'withdrawn': {
      const r = await call(h.app, 'GET', '/admin/Work/withdraw', { token: c.admin, payload: p() });
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      break;
    }
  }
  return id;
}

export type ActionName =
  | 'claim'
  | 'assign'
  | 'reassign'
  | 'complete'
  | 'examine_pass'
  | 'examine_fail'
  | 'reject'
  | 'resubmit'
  | 'withdraw'
  | 'cancel'
  | 'note';

/** Calls the route of `action` on order `id`; batch assign answers through its item result. */
export async function perform(
  h: Harness,
  c: Cast,
  token: string,
  action: ActionName,
  id: number,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: any }> {
  const base = { company_id: h.property, id, ...extra };
  switch (action) {
    case 'claim':
      return call(h.app, 'POST', '/admin/Workorder/claim_work_order', { token, payload: base });
    case 'assign': {
      const r = await call(h.app, 'POST', '/admin/Batch_Work/batchWorkAssign', {
        token,
        payload: { company_id: h.property, ids: [id], staff_id: c.staffId.zhangwei },
      });
      if (r.status !== 200) return r;
      const item = r.body.data.results[0];
      return { status: item.ok ? 200 : item.code, body: item };
    }
    case 'reassign':
      return call(h.app, 'POST', '/admin/Workorder/work_order_reassign', { token, payload: { ...base, staff_id: c.staffId.liuqiang } });
    case 'complete':
      return call(h.app, 'POST', '/admin/Workorder/work_order_complete', { token, payload: base });
    case 'examine_pass':
      return call(h.app, 'POST', '/admin/Workorder/work_order_examine', { token, payload: { ...base, pass: 1 } });
    case 'examine_fail':
      return call(h.app, 'POST', '/admin/Workorder/work_order_examine', { token, payload: { ...base, pass: 0, reason: '请补充照片' } });
    case 'reject':
      return call(h.app, 'POST', '/admin/Workorder/work_order_reject', { token, payload: { ...base, reason: '不属于服务范围' } });
    case 'resubmit':
      return call(h.app, 'POST', '/admin/Workorder/resubmit_work_order', { token, payload: base });
    case 'withdraw':
      return call(h.app, 'GET', '/admin/Work/withdraw', { token, payload: base });
    case 'cancel':
      return call(h.app, 'POST', '/admin/Workorder/work_order_cancel', { token, payload: { ...base, reason: '业主取消' } });
    case 'note':
      return call(h.app, 'POST', '/admin/Workorder/record_notes', { token, payload: { ...base, note: '内部备注' } });
  }
}

export async function snapshot(h: Harness, id: number) {
  const o = await h.db.selectFrom('work_orders').select(['status', 'version', 'handler_id', 'reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const records = await h.db.selectFrom('work_order_records').select('id').where('work_order_id', '=', id).execute();
  return { ...o, records: records.length };
}

/**
 * The participant rows and scope counters as they are now, and as `rebuildParticipants`
 * recomputes them from the orders and records (stripes added up, zero counters left out): equal when every
 * change kept them right in its own transaction.
 */
export async function participantsAndRebuild(h: Harness) {
  const read = async () => ({
    participants: await h.db.selectFrom('work_order_participants').selectAll().orderBy('company_id').orderBy('staff_id').orderBy('work_order_id').execute(),
    // A counter is the sum of its stripes (docs/design.md, "Counters and order numbers").
    applications: (
      await h.db
        .selectFrom('work_order_application_counts')
        .select((eb) => ['company_id', 'application_id', 'status', eb.fn.sum<number>('count').as('count')])
        .groupBy(['company_id', 'application_id', 'status'])
        .orderBy('company_id')
        .orderBy('application_id')
        .orderBy('status')
        .execute()
    )
      .map((r) => ({ ...r, count: Number(r.count) }))
      .filter((r) => r.count !== 0),
    staff: (
      await h.db
        .selectFrom('work_order_participant_counts')
        .select((eb) => ['company_id', 'staff_id', 'application_id', 'status', eb.fn.sum<number>('count').as('count')])
        .groupBy(['company_id', 'staff_id', 'application_id', 'status'])
        .orderBy('company_id')
        .orderBy('staff_id')
        .orderBy('application_id')
        .orderBy('status')
        .execute()
    )
      .map((r) => ({ ...r, count: Number(r.count) }))
      .filter((r) => r.count !== 0),
  });
  const live = await read();
  await rebuildParticipants(h.appDb);
  return { live, rebuilt: await read() };
}
