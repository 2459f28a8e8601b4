/**
 * Calls of the requester portal (public, no token; the requester is known by `ident`),
 * through the one HTTP client. Reads are silent: the pages show "not found" themselves.
 */
import type { PublicOrder, PublicOrderDetail } from '@swo/contract';
import { get, post } from '../../app/request.ts';

/** The requester's orders, newest first. */
export async function myOrders(ident: string): Promise<PublicOrder[]> {
  return (await get<PublicOrder[]>('/admin/Applet/applet_work_order_see', { ident }, { silent: true })).data ?? [];
}

/** One of the requester's orders with its template and public timeline (404 otherwise). */
export async function myOrder(ident: string, id: number): Promise<PublicOrderDetail> {
  return (await get<PublicOrderDetail>('/admin/Applet/applet_work_order_see', { ident, id }, { silent: true })).data;
}

export interface EditWorkParams {
  ident: string;
  id: number;
  form_data: Record<string, unknown>;
}

/** Saves new form values of a rejected order and resubmits it (400 with field errors, 409 when not rejected). */
export async function editAndResubmit(params: EditWorkParams): Promise<{ id: number; status: string }> {
  return (await post<{ id: number; status: string }>('/home/Work_Create/editWorkNew', { ...params })).data;
}

/** Withdraws an order that is unassigned or rejected (409 otherwise). */
export async function withdrawOrder(ident: string, id: number): Promise<void> {
  await get<null>('/admin/Work/withdraw', { id, ident });
}
