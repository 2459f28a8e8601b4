/**
 * Typed calls of the documented API (SPEC.md section 7, DESIGN.md section 3), all through
 * the one HTTP client. Each returns the `data` of the reply unless noted.
 */
import type {
  ApplicationItem,
  CompanyListItem,
  CreateWorkReply,
  LoginReply,
  Paged,
  StatusCounts,
  TemplateDataReply,
  UserInfo,
  WorkOrder,
  WorkOrderDetail,
} from '@swo/contract';
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

export async function logout(): Promise<void> {
  await post<null>('/auth/logout', {}, { silent: true, native: true });
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

export async function claimWorkOrder(id: number): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/claim_work_order', { id })).data;
}

export async function completeWorkOrder(id: number, note?: string): Promise<WorkOrder> {
  return (await post<WorkOrder>('/admin/Workorder/work_order_complete', note ? { id, note } : { id })).data;
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
