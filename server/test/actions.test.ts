/**
 * Every (status, action) pair through the HTTP API, and every action
 * for every demo role. Expected tables are written out here, independently of the code.
 */
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@swo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, setup, type Harness } from './helper.ts';
import { cast, orderIn, participantsAndRebuild, perform, snapshot, type ActionName, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

/**
 * docs/design.md, "Work-order state machine", for an order of a template that needs review
 * (the repair form).
 */
const NEXT: Record<Exclude<ActionName, 'note'>, Partial<Record<WorkOrderStatus, WorkOrderStatus>>> = {
  claim: { unassigned: 'processing' },
  assign: { unassigned: 'processing' },
  reassign: { processing: 'processing' },
  complete: { processing: 'pending_review' },
  examine_pass: { pending_review: 'completed' },
  examine_fail: { pending_review: 'processing' },
  reject: { unassigned: 'rejected', processing: 'rejected' },
  resubmit: { rejected: 'unassigned' },
  withdraw: { unassigned: 'withdrawn', rejected: 'withdrawn' },
  cancel: { unassigned: 'cancelled', processing: 'cancelled', pending_review: 'cancelled' },
};

describe('every status x action', () => {
  for (const [action, table] of Object.entries(NEXT) as [Exclude<ActionName, 'note'>, (typeof NEXT)['claim']][]) {
    for (const status of WORK_ORDER_STATUSES) {
      const want = table[status];
      it(`${action} on ${status}: ${want ?? '409'}`, async () => {
        const id = await orderIn(h, c, status);
        const before = await snapshot(h, id);
        const r = await perform(h, c, c.admin, action, id);
        const after = await snapshot(h, id);
        if (want) {
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          expect(after.status).toBe(want);
          expect(after.version).toBe(before.version + 1);
          expect(after.records).toBeGreaterThan(before.records);
          const last = await h.db.selectFrom('work_order_records').selectAll().where('work_order_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
          expect(last.action).toBe(action);
          expect(last.from_status).toBe(status);
        } else {
          expect(r.status, JSON.stringify(r.body)).toBe(409);
          expect(after).toEqual(before);
        }
      });
    }
  }

  it('after every transition, the participants and scope counters equal a rebuild from the orders', async () => {
    const { live, rebuilt } = await participantsAndRebuild(h);
    expect(live.participants.length).toBeGreaterThan(0);
    expect(live).toEqual(rebuilt);
  });

  it('a note is recorded in every status, internal, and changes nothing else', async () => {
    for (const status of WORK_ORDER_STATUSES) {
      const id = await orderIn(h, c, status);
      const before = await snapshot(h, id);
      expect((await perform(h, c, c.viewer, 'note', id)).status).toBe(200);
      const after = await snapshot(h, id);
      expect({ ...after, records: before.records }).toEqual(before);
      const note = await h.db.selectFrom('work_order_records').selectAll().where('work_order_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(note).toMatchObject({ action: 'note', is_internal: 1, note: '内部备注' });
    }
  });

  it('assign, reassign and claim set the handler; reject and cancel keep the reason', async () => {
    const a = await orderIn(h, c, 'unassigned');
    await perform(h, c, c.dispatcher, 'assign', a);
    expect((await snapshot(h, a)).handler_id).toBe(c.staffId.zhangwei);
    await perform(h, c, c.dispatcher, 'reassign', a);
    expect((await snapshot(h, a)).handler_id).toBe(c.staffId.liuqiang);
    const r = await orderIn(h, c, 'unassigned');
    await perform(h, c, c.admin, 'reject', r);
    expect((await snapshot(h, r)).reason).toBe('不属于服务范围');
    await perform(h, c, c.admin, 'resubmit', r);
    expect(await snapshot(h, r)).toMatchObject({ status: 'unassigned', reason: null, handler_id: null });
  });
});

type Role = 'admin' | 'dispatcher' | 'handler' | 'reviewer' | 'viewer';
const ROLES: Role[] = ['admin', 'dispatcher', 'handler', 'reviewer', 'viewer'];

/** Which demo role may take which action (the handler role acts on orders it handles). */
const MAY: Record<ActionName, Role[]> = {
  claim: ['admin', 'handler'],
  assign: ['admin', 'dispatcher'],
  reassign: ['admin', 'dispatcher', 'handler'],
  complete: ['handler'],
  examine_pass: ['admin', 'reviewer'],
  examine_fail: ['admin', 'reviewer'],
  reject: ['admin', 'dispatcher'],
  resubmit: ['admin'],
  withdraw: ['admin'],
  cancel: ['admin', 'dispatcher'],
  note: ['admin', 'dispatcher', 'handler', 'reviewer', 'viewer'],
};

/** The status each action starts from in the permission walk. */
const FROM: Record<ActionName, WorkOrderStatus> = {
  claim: 'unassigned',
  assign: 'unassigned',
  reassign: 'processing',
  complete: 'processing',
  examine_pass: 'pending_review',
  examine_fail: 'pending_review',
  reject: 'unassigned',
  resubmit: 'rejected',
  withdraw: 'unassigned',
  cancel: 'processing',
  note: 'completed',
};

describe('every action x demo role', () => {
  for (const action of Object.keys(MAY) as ActionName[]) {
    for (const role of ROLES) {
      const allowed = MAY[action].includes(role);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, async () => {
        const id = await orderIn(h, c, FROM[action]);
        // Orders in progress are handled by the handler role's user (zhangwei).
        if (FROM[action] === 'processing') {
          await h.db.updateTable('work_orders').set({ handler_id: c.staffId.zhangwei }).where('id', '=', id).execute();
        }
        const before = await snapshot(h, id);
        const r = await perform(h, c, c[role], action, id);
        if (allowed) expect(r.status, JSON.stringify(r.body)).toBe(200);
        else {
          expect(r.status, JSON.stringify(r.body)).toBe(403);
          expect(await snapshot(h, id)).toEqual(before);
        }
      });
    }
  }
});

describe('allowed actions in the detail', () => {
  it('lists what this user may do now', async () => {
    const id = await orderIn(h, c, 'unassigned');
    const get = async (token: string) =>
      (await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token, payload: { company_id: h.property, id } })).body.data.allowed_actions;
    expect(await get(c.admin)).toEqual(['claim', 'assign', 'reject', 'withdraw', 'cancel', 'note']);
    expect(await get(c.handler)).toEqual(['claim', 'note']);
    expect(await get(c.viewer)).toEqual(['note']);
  });
});
