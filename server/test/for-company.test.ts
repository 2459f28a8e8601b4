/**
 * Tenancy by construction: repositories reached through `forCompany` see only the bound
 * company, and the branded ids make a swapped argument a compile error (the
 * `@ts-expect-error` lines below fail the typecheck if the brands ever stop working).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationId, CompanyId, StaffId, WorkOrderId } from '@swo/contract';
import { forCompany } from '../src/modules/tenancy/for-company.ts';
import { setup, submitRepair, type Harness } from './helper.ts';

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

describe('forCompany', () => {
  it('binds every repository to its company: an order of another company is not found', async () => {
    const { id } = await submitRepair(h); // an order of the property company
    const orderId = id as WorkOrderId;
    const property = forCompany(h.appDb, h.property as CompanyId);
    const it = forCompany(h.appDb, h.it as CompanyId);
    expect((await property.orders.findOrder(orderId))?.id).toBe(id);
    expect(await it.orders.findOrder(orderId)).toBeUndefined();
    expect(await it.orders.listRecords(orderId)).toEqual([]);
    const itCounts = await it.orders.statusCounts();
    const propertyCounts = await property.orders.statusCounts();
    expect(itCounts.unassigned).not.toBe(propertyCounts.unassigned);
  });

  it('a write through the wrong company changes nothing', async () => {
    const { id } = await submitRepair(h);
    const it = forCompany(h.appDb, h.it as CompanyId);
    const moved = await it.orders.moveStatus(id as WorkOrderId, { from: 'unassigned', to: 'cancelled', version: 1, at: new Date().toISOString(), reason: 'x' });
    expect(moved).toBe(false);
    const row = await h.db.selectFrom('work_orders').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'unassigned', version: 1 });
  });

  it('does not let ids of one kind stand for another (checked by the typecheck)', () => {
    const { orders } = forCompany(h.appDb, h.property as CompanyId);
    const staffId = 1 as StaffId;
    const applicationId = 1 as ApplicationId;
    // The documented mix-up: arguments swapped.
    // @ts-expect-error a staff id is not an application id
    void orders.isBoundToApplication(staffId, applicationId).catch(() => undefined);
    // @ts-expect-error a bare number is not a work-order id
    void orders.findOrder(1).catch(() => undefined);
    expect(typeof orders.isBoundToApplication).toBe('function');
  });
});
