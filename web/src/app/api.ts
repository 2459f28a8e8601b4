/**
 * Typed calls of the API, all through the one HTTP client and the contract's endpoint
 * table (docs/design.md, "HTTP contract"): a call is named, never spelled as a path, and
 * its parameters and reply are the table's schemas. Each returns the reply's `data`.
 */
import type { EndpointName, Envelope, ParamsOf, ReplyOf, WorkOrderRecord } from '@swo/contract';
import FIRST_ROUTES from 'virtual:first-routes';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { request } from './request.ts';

/** Drops undefined and empty-string values (optional fields are left out of the call). */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
}

let allRoutes: Promise<(typeof import('virtual:endpoint-routes'))['default']> | null = null;

/**
 * A call's method and path: the login page's calls are in the first load, the whole table
 * (2.5 KB gzip) loads with the first other call (docs/design.md, "Login page weight").
 */
export async function routeOf(name: EndpointName): Promise<{ method: 'GET' | 'POST'; path: string }> {
  const first = FIRST_ROUTES[name];
  if (first) return first;
  return (await preloadCalls())[name];
}

/** Starts loading the whole call table (once): the first page after sign-in needs it for its calls. */
export function preloadCalls() {
  return (allRoutes ??= import('virtual:endpoint-routes').then((m) => m.default));
}

async function send<N extends EndpointName>(name: N, data: ParamsOf<N> | FormData, config: AxiosRequestConfig): Promise<Envelope<ReplyOf<N>>> {
  const e = await routeOf(name);
  return request<ReplyOf<N>>({ ...config, url: e.path, method: e.method, ...(e.method === 'GET' ? { params: data } : { data }) });
}

/** Sends the call `name`; resolves with the whole envelope (rejects on code != 200 unless `native`). */
export function callRaw<N extends EndpointName>(name: N, params: ParamsOf<N> | FormData, config: AxiosRequestConfig = {}): Promise<Envelope<ReplyOf<N>>> {
  return send(name, params instanceof FormData ? params : compact(params), config);
}

/** Sends the call `name`; resolves with the reply's `data`. */
export async function call<N extends EndpointName>(name: N, params: ParamsOf<N> | FormData, config?: AxiosRequestConfig): Promise<ReplyOf<N>> {
  return (await callRaw(name, params, config)).data;
}

/**
 * Like `call`, but empty strings are sent too: an edit that changes only the fields it
 * sends needs them to clear a field (a menu's icon, an account's phone).
 */
export async function callExact<N extends EndpointName>(name: N, params: ParamsOf<N>, config: AxiosRequestConfig = {}): Promise<ReplyOf<N>> {
  return (await send(name, params, config)).data;
}

export type LoginParams = ParamsOf<'signIn'>;
/** Silent: the login page shows the reason itself. */
export const login = (params: LoginParams) => call('signIn', params, { silent: true });
/** Sends a sign-in or recovery code; errors (429 with the wait) are left to the caller to show. */
export const sendSmsCode = (params: ParamsOf<'smsSend'>) => call('smsSend', params, { silent: true });
export type RecoverParams = ParamsOf<'recoverPassword'>;
export const recoverPassword = (params: RecoverParams) => call('recoverPassword', params, { silent: true });
export const smsOutbox = (params: ParamsOf<'smsOutbox'>) => call('smsOutbox', params);

/** Revokes `token` on the server (sent explicitly: the session is already cleared locally). */
export async function logout(token: string): Promise<void> {
  await callRaw('signOut', {}, { silent: true, native: true, headers: { token } });
}

export const companyList = async () => (await call('companyList', {})) ?? [];
export const userInfo = () => call('userInfo', {});

export type UpdatePasswordParams = ParamsOf<'changePassword'>;
export const updatePassword = async (params: UpdatePasswordParams) => void (await call('changePassword', { username: '', ...params }));

/** Orders awaiting assignment; never notifies (the reminder ignores failures). */
export async function awaitingAssignmentCount(name?: string): Promise<number> {
  const body = await callRaw('awaitingAssignment', name ? { name } : {}, { native: true, silent: true });
  return body.code === 200 && typeof body.data === 'number' ? body.data : 0;
}

export type WorkOrderListParams = ParamsOf<'workOrderList'>;
export const workOrderList = (params: WorkOrderListParams) => call('workOrderList', params);
export const statusCounts = () => call('statusCounts', {});
export const workOrderDetail = (id: number) => call('workOrderDetail', { id });

export const claimWorkOrder = (id: number, version?: number) => call('claim', { id, version });
export const completeWorkOrder = (id: number, note?: string, version?: number) => call('complete', { id, note, version });
export const reassignWorkOrder = (id: number, staff_id: number, note?: string, version?: number) => call('reassign', { id, staff_id, note, version });
export const rejectWorkOrder = (id: number, reason: string, version?: number) => call('reject', { id, reason, version });
/** Review: pass, or fail with a reason (the order goes back to its handler). */
export const examineWorkOrder = (id: number, pass: boolean, reason?: string) => call('examine', { id, pass, reason });
export const cancelWorkOrder = (id: number, reason: string) => call('cancel', { id, reason });
export const resubmitWorkOrder = (id: number, form_data?: Record<string, unknown>) => call('resubmit', { id, form_data });
export const withdrawWorkOrder = (id: number) => call('withdraw', { id });
/** An internal note (staff only, never shown to the requester). */
export const addNote = async (id: number, note: string) => void (await call('addNote', { id, note }));

/** A step of the assignment history (claim, assign, reassign, dispatch). */
export type AssignRecord = WorkOrderRecord;
export const assignRecords = async (id: number) => (await call('assignmentRecords', { id })) ?? [];

export type EmployeeQuery = ParamsOf<'assignableStaff'>;
/** Staff who may handle orders: bound to the application first, then the least loaded. */
export const employeeList = async (q: EmployeeQuery = {}) => (await call('assignableStaff', q)) ?? [];
/** Order kinds (templates) for filters. */
export const workOrderKinds = async () => (await call('orderKinds', {})) ?? [];

/** Applications the current staff member is bound to (readable without `application.query`). */
export type BoundApplication = ReplyOf<'boundApplications'>[number];
export const staffApplications = async () => (await call('boundApplications', {})) ?? [];

export type MyWorkOrderParams = ParamsOf<'myWorkOrders'>;
export type MyWorkOrderType = NonNullable<MyWorkOrderParams['type']>;
export const myWorkOrders = (params: MyWorkOrderParams) => call('myWorkOrders', params);

/** Headers of a batch call: one idempotency key per user action, so a retry acts once. */
const idempotent = (key: string): AxiosRequestConfig => ({ headers: { 'Idempotency-Key': key } });
export const batchClaim = (ids: number[], key: string) => call('batchClaim', { ids }, idempotent(key));
export const batchAssign = (ids: number[], staff_id: number, note: string | undefined, key: string) =>
  call('batchAssign', { ids, staff_id, note }, idempotent(key));
export const batchReject = (ids: number[], reason: string, key: string) => call('batchReject', { ids, reason }, idempotent(key));

export type StaffCreateParams = ParamsOf<'createWorkOrder'>;
/** Staff-side create (workorder.add): the new order's id and number. */
export const staffCreateOrder = (params: StaffCreateParams) => call('createWorkOrder', params);
/** Staff-side edit of an unassigned or rejected order (workorder.edit). */
export const staffEditOrder = (id: number, form_data: Record<string, unknown>, version?: number) => call('editWorkOrder', { id, form_data, version });
/** Deletes a cancelled or withdrawn order (workorder.delete). */
export const deleteWorkOrder = async (id: number) => void (await call('deleteWorkOrder', { id }));

export type { ImportReply } from '@swo/contract';

/** Largest import file the server takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Uploads and downloads may take longer than ordinary calls. */
export const TRANSFER_TIMEOUT_MS = 120_000;

/** Imports orders from an .xlsx made from the import template (workorder.import). */
export async function importOrders(application_id: number, file: File, onProgress?: (e: AxiosProgressEvent) => void) {
  const data = new FormData();
  data.append('application_id', String(application_id));
  data.append('file', file, file.name);
  return call('importWorkOrders', data, { onUploadProgress: onProgress, timeout: TRANSFER_TIMEOUT_MS });
}

export type StatsRange = ParamsOf<'applicationStats'>;
/** Per-application statistics of a date range (default: the last 30 days). */
export const appData = (range: StatsRange = {}) => call('applicationStats', range);
export const appDataDetail = (application_id: number, range: StatsRange = {}) => call('applicationStatsDetail', { application_id, ...range });
export const staffData = (range: StatsRange = {}) => call('staffStats', range);

export const applicationList = (pageNo: number, pageSize: number) => call('applicationList', { pageNo, pageSize });

/** Public: an application's template by its public key (raw body: the page shows 404 itself). */
export const templateData = (app_key: string) => callRaw('templateData', { app_key }, { native: true, silent: true });

export type CreateWorkParams = ParamsOf<'submitWorkOrder'>;
/** Public: submits a requester's order. Rejects with field errors on 400. */
export const createWork = (params: CreateWorkParams) => call('submitWorkOrder', params);

/** Paging and filters of the positions and categories lists (the same shape for both). */
export type NamedItemQuery = ParamsOf<'positionList'>;
export type OperationLogParams = ParamsOf<'operationLog'>;
export type AccountListParams = ParamsOf<'accountList'>;
export type PlatformCompanyListParams = ParamsOf<'platformCompanyList'>;
export type TemplateListParams = ParamsOf<'templatePrivateList'>;
export type StaffListParams = ParamsOf<'staffList'>;
export type RoleListParams = ParamsOf<'roleList'>;
