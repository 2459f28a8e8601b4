/**
 * Typed calls of the documented API (SPEC.md section 7, DESIGN.md section 3), all through
 * the one HTTP client. Each returns the `data` of the reply unless noted.
 */
import type {
  AppDataReply,
  ApplicationItem,
  BatchReply,
  Employee,
  StaffStats,
  StatsFigures,
  TrendPoint,
  CompanyListItem,
  CreateWorkReply,
  LoginReply,
  Paged,
  StatusCounts,
  TemplateDataReply,
  UserInfo,
  WorkOrder,
  WorkOrderDetail,
  WorkOrderRecord,
} from '@swo/contract';
import type { AxiosProgressEvent } from 'axios';
import { get, post, request } from './request.ts';

export interface LoginParams {
  username: string;
  password: string;
  remember_me?: boolean;
  captcha?: string;
}

export async function login(params: LoginParams): Promise<LoginReply> {
  return (await post<LoginReply>('/admin/Login/sign', { ...params })).data;
}

/** Revokes `token` on the server (sent explicitly: the session is already cleared locally). */
export async function logout(token: string): Promise<void> {
  await post<null>('/auth/logout', {}, { silent: true, native: true, headers: { token } });
}

export async function companyList(): Promise<CompanyListItem[]> {
  return (await get<CompanyListItem[]>('/admin/Home/company_list')).data ?? [];
}

export async function userInfo(): Promise<UserInfo> {
  return (await get<UserInfo>('/user/info')).data;
}

export interface UpdatePasswordParams {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export async function updatePassword(params: UpdatePasswordParams): Promise<void> {
  await post<null>('/admin/staff/updatePwd', { username: '', ...params });
}

/** Orders awaiting assignment; never notifies (the reminder ignores failures). */
export async function awaitingAssignmentCount(name?: string): Promise<number> {
  const body = await request<number>({
    url: '/admin/Work/allDaiNumber',
    method: 'post',
    data: name ? { name } : {},
    native: true,
    silent: true,
  });
  return body.code === 200 && typeof body.data === 'number' ? body.data : 0;
}

export interface WorkOrderListParams {
  pageNo: number;
  pageSize: number;
  status?: string;
  keyword?: string;
  application_id?: number;
  category_id?: number;
  handler_id?: number;
  created_from?: string;
  created_to?: string;
}

export async function workOrderList(params: WorkOrderListParams): Promise<Paged<WorkOrder>> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return (await get<Paged<WorkOrder>>('/admin/Workorder/list', clean)).data;
}

export async function statusCounts(): Promise<StatusCounts> {
  return (await get<StatusCounts>('/admin/Work/pendingNumber')).data;
}

export async function workOrderDetail(id: number): Promise<WorkOrderDetail> {
  return (await get<WorkOrderDetail>('/admin/Workorder/work_order_details', { id })).data;
}

/** Drops undefined and empty-string values (optional fields are left out of the call). */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));
}

export async function claimWorkOrder(id: number, version?: number): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/claim_work_order', compact({ id, version }))).data;
}

export async function completeWorkOrder(id: number, note?: string, version?: number): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/work_order_complete', compact({ id, note, version }))).data;
}

export async function reassignWorkOrder(id: number, staff_id: number, note?: string, version?: number): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/work_order_reassign', compact({ id, staff_id, note, version }))).data;
}

export async function rejectWorkOrder(id: number, reason: string, version?: number): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/work_order_reject', compact({ id, reason, version }))).data;
}

/** Review: pass, or fail with a reason (the order goes back to its handler). */
export async function examineWorkOrder(id: number, pass: boolean, reason?: string): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/work_order_examine', compact({ id, pass: pass ? 1 : 0, reason }))).data;
}

export async function cancelWorkOrder(id: number, reason: string): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/work_order_cancel', { id, reason })).data;
}

export async function resubmitWorkOrder(id: number, form_data?: Record<string, unknown>): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/resubmit_work_order', compact({ id, form_data }))).data;
}

export async function withdrawWorkOrder(id: number): Promise<WorkOrder> {
  return (await get<WorkOrder>('/admin/Work/withdraw', { id })).data;
}

/** An internal note (staff only, never shown to the requester). */
export async function addNote(id: number, note: string): Promise<void> {
  await post<unknown>('/admin/Workorder/record_notes', { id, note });
}

/** A step of the assignment history (claim, assign, reassign, dispatch). */
export type AssignRecord = WorkOrderRecord;

export async function assignRecords(id: number): Promise<AssignRecord[]> {
  return (await get<AssignRecord[]>('/admin/Workorder/work_order_assign_record', { id })).data ?? [];
}

export interface EmployeeQuery {
  application_id?: number;
  department_id?: number;
  keyword?: string;
}

/** Staff who may handle orders: bound to the application first, then the least loaded. */
export async function employeeList(q: EmployeeQuery = {}): Promise<Employee[]> {
  return (await get<Employee[]>('/admin/Workorder/employee_list', compact({ ...q }))).data ?? [];
}

/** Order kinds (templates) for filters. */
export async function workOrderKinds(): Promise<{ id: number; name: string }[]> {
  return (await get<{ id: number; name: string }[]>('/admin/Work/workOrderName')).data ?? [];
}

/** Applications the current staff member is bound to (readable without `application.query`). */
export type BoundApplication = Pick<ApplicationItem, 'id' | 'name' | 'app_key' | 'status'>;

export async function staffApplications(): Promise<BoundApplication[]> {
  return (await get<BoundApplication[]>('/admin/Work/staffApplication')).data ?? [];
}

export type MyWorkOrderType = 'handling' | 'created' | 'reviewed';

export async function myWorkOrders(params: { type: MyWorkOrderType; status?: string; pageNo: number; pageSize: number }): Promise<Paged<WorkOrder>> {
  return (await post<Paged<WorkOrder>>('/admin/Work/myWorkOrder', compact({ ...params }))).data;
}

/** Headers of a batch call: one idempotency key per user action, so a retry acts once. */
function idempotent(key: string) {
  return { headers: { 'Idempotency-Key': key } };
}

export async function batchClaim(ids: number[], key: string): Promise<BatchReply> {
  return (await post<BatchReply>('/admin/Batch_Work/batchWorkClaim', { ids }, idempotent(key))).data;
}

export async function batchAssign(ids: number[], staff_id: number, note: string | undefined, key: string): Promise<BatchReply> {
  return (await post<BatchReply>('/admin/Batch_Work/batchWorkAssign', compact({ ids, staff_id, note }), idempotent(key))).data;
}

export async function batchReject(ids: number[], reason: string, key: string): Promise<BatchReply> {
  return (await post<BatchReply>('/admin/Work/batchReject', { ids, reason }, idempotent(key))).data;
}

export interface StaffCreateParams {
  application_id: number;
  form_data: Record<string, unknown>;
  requester_name: string;
  requester_phone: string;
}

/** Staff-side create (workorder.add): the new order's id and number. */
export async function staffCreateOrder(params: StaffCreateParams): Promise<{ id: number; order_no: string }> {
  return (await post<{ id: number; order_no: string }>('/admin/Work/add', { ...params })).data;
}

/** Staff-side edit of an unassigned or rejected order (workorder.edit). */
export async function staffEditOrder(id: number, form_data: Record<string, unknown>, version?: number): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Work/edit', compact({ id, form_data, version }))).data;
}

/** Deletes a cancelled or withdrawn order (workorder.delete). */
export async function deleteWorkOrder(id: number): Promise<void> {
  await get<unknown>('/admin/Work/delete', { id });
}

export interface ImportReply {
  created: number;
  failed: number;
  orders: { row: number; id: number; order_no: string }[];
  errors: { row: number; field: string; message: string }[];
}

/** Largest import file the server takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Uploads and downloads may take longer than ordinary calls. */
export const TRANSFER_TIMEOUT_MS = 120_000;

/** Imports orders from an .xlsx made from the import template (workorder.import). */
export async function importOrders(application_id: number, file: File, onProgress?: (e: AxiosProgressEvent) => void): Promise<ImportReply> {
  const data = new FormData();
  data.append('application_id', String(application_id));
  data.append('file', file, file.name);
  return (await post<ImportReply>('/admin/Work/batchUpload', data, { onUploadProgress: onProgress, timeout: TRANSFER_TIMEOUT_MS })).data;
}

export interface StatsRange {
  date_from?: string;
  date_to?: string;
}

/** Per-application statistics of a date range (default: the last 30 days). */
export async function appData(range: StatsRange = {}): Promise<AppDataReply> {
  return (await post<AppDataReply>('/admin/Work/appData', compact({ ...range }))).data;
}

export interface AppDataDetailReply {
  totals: StatsFigures;
  handlers: StaffStats[];
  trend: TrendPoint[];
}

export async function appDataDetail(application_id: number, range: StatsRange = {}): Promise<AppDataDetailReply> {
  return (await post<AppDataDetailReply>('/admin/Work/appDataDetail', compact({ application_id, ...range }))).data;
}

export async function staffData(range: StatsRange = {}): Promise<{ staff: StaffStats[] }> {
  return (await post<{ staff: StaffStats[] }>('/admin/Work/staffDataList', compact({ ...range }))).data;
}

export async function applicationList(pageNo: number, pageSize: number): Promise<Paged<ApplicationItem>> {
  return (await get<Paged<ApplicationItem>>('/admin/Application/list', { pageNo, pageSize })).data;
}

/** Public: an application's template by its public key (raw body: the page shows 404 itself). */
export function templateData(app_key: string) {
  return request<TemplateDataReply | null>({
    url: '/home/Work_Create/templateData',
    method: 'post',
    data: { app_key },
    native: true,
    silent: true,
  });
}

export interface CreateWorkParams {
  app_key: string;
  form_data: Record<string, unknown>;
  requester_name: string;
  requester_phone: string;
  ident?: string;
}

/** Public: submits a requester's order. Rejects with field errors on 400. */
export async function createWork(params: CreateWorkParams): Promise<CreateWorkReply> {
  return (await post<CreateWorkReply>('/home/Work_Create/createWorkNew', { ...params })).data;
}
