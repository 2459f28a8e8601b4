/**
 * Calls of the requester portal (public, no token; the requester is known by `ident`),
 * through the typed API client. Reads are silent: the pages show "not found" themselves.
 */
import type { PublicOrder, PublicOrderDetail } from '@swo/contract';
import { call } from '../../app/api.ts';

/** The requester's orders, newest first. */
export async function myOrders(ident: string): Promise<PublicOrder[]> {
  const r = await call('requesterOrders', { ident }, { silent: true });
  return Array.isArray(r) ? r : [];
}

/** One of the requester's orders with its template and public timeline (404 otherwise). */
export async function myOrder(ident: string, id: number): Promise<PublicOrderDetail> {
  const r = await call('requesterOrders', { ident, id }, { silent: true });
  if (Array.isArray(r)) throw new Error('expected one order');
  return r;
}

/** Saves new form values of a rejected order and resubmits it (400 with field errors, 409 when not rejected). */
export const editAndResubmit = (params: { ident: string; id: number; form_data: Record<string, unknown> }) => call('editAndResubmit', params);

/** Withdraws an order that is unassigned or rejected (409 otherwise). */
export const withdrawOrder = async (ident: string, id: number) => void (await call('withdraw', { id, ident }));
