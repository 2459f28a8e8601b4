/**
 * The endpoint table: every documented call once, by name (docs/design.md, "HTTP
 * contract"). The server registers its routes from it (one handler per name) and the
 * SPA's client is typed from it, so a path, a permission or a request/reply shape is
 * written in exactly one place. Paths are relative to `API_BASE` and match
 * case-insensitively; `aliases` are other documented paths of the same operation.
 */
import { z } from 'zod';
import {
  companyScoped,
  completeBody,
  idField,
  createWorkBody,
  loginBody,
  orderIdBody,
  pagingQuery,
  templateDataBody,
  updatePasswordBody,
  workOrderListQuery,
} from './api.ts';
import type { PermissionCode } from './permissions.ts';
import * as r from './replies.ts';
import {
  appletQuery,
  appStatsDetailQuery,
  batchAssignBody,
  batchRejectBody,
  cancelBody,
  editWorkBody,
  employeeListQuery,
  examineBody,
  exportQuery,
  idsBody,
  myWorkOrderBody,
  noteBody,
  orderIdQuery,
  reassignBody,
  rejectBody,
  resubmitBody,
  staffCreateBody,
  staffEditBody,
  statsQuery,
  withdrawQuery,
} from './work-orders.ts';

/**
 * Who may make a call:
 * - `public`: anyone (requester pages, sign-in);
 * - `signedIn`: a valid token, no company needed;
 * - `member`: active staff of the `company_id` sent;
 * - `memberOrRequester`: a requester known by the `ident` query parameter, or else as `member`;
 * - `permissionId.action`: a member whose role grants that action.
 */
export type AccessRule = 'public' | 'signedIn' | 'member' | 'memberOrRequester' | PermissionCode;

/** The reply of a call is a file (Excel), not an envelope. */
export const FILE_REPLY = 'file' as const;

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  aliases?: readonly string[];
  permission: AccessRule;
  /** Query string (GET). */
  query?: z.ZodType;
  /** JSON body (POST). Multipart uploads describe their fields in `summary` instead. */
  body?: z.ZodType;
  multipart?: true;
  /** Schema of the reply's `data`, or FILE_REPLY for downloads. */
  reply: z.ZodType | typeof FILE_REPLY;
  tags: readonly string[];
  summary: string;
  /** Public calls limited per IP and minute (the server's public rate limit). */
  rateLimited?: true;
}

const def = <const E extends Endpoint>(e: E): E => e;

const auth = ['auth'];
const companies = ['companies'];
const orders = ['work orders'];
const stats = ['statistics'];
const batches = ['batches'];
const requester = ['requester'];

export const ENDPOINTS = {
  // --- auth -------------------------------------------------------------------------
  signIn: def({
    method: 'POST',
    path: '/admin/Login/sign',
    permission: 'public',
    body: loginBody,
    reply: r.loginReply,
    tags: auth,
    summary: 'Sign in with username and password; returns an opaque token',
  }),
  signOut: def({ method: 'POST', path: '/auth/logout', permission: 'signedIn', reply: r.nothing, tags: auth, summary: 'Revoke the token of this session' }),
  companyList: def({
    method: 'GET',
    path: '/admin/Home/company_list',
    permission: 'signedIn',
    reply: z.array(r.companyListItem),
    tags: companies,
    summary: 'Companies the signed-in person is active staff of',
  }),
  companyPermissions: def({
    method: 'GET',
    path: '/admin/Home/company_jurisdiction',
    permission: 'member',
    query: companyScoped,
    reply: z.array(r.grantedPermission),
    tags: companies,
    summary: 'Permissions of the caller in the company',
  }),
  userInfo: def({
    method: 'GET',
    path: '/user/info',
    permission: 'member',
    query: companyScoped,
    reply: r.userInfo,
    tags: auth,
    summary: 'User, role with permissions, and menu tree in the company',
  }),
  userNav: def({
    method: 'GET',
    path: '/user/nav',
    permission: 'member',
    query: companyScoped,
    reply: z.array(r.menuItem),
    tags: auth,
    summary: 'Menu tree of the caller in the company',
  }),
  changePassword: def({
    method: 'POST',
    path: '/admin/staff/updatePwd',
    permission: 'signedIn',
    body: updatePasswordBody,
    reply: r.nothing,
    tags: auth,
    summary: 'Change own password (revokes other sessions)',
  }),

  // --- work-order reads -------------------------------------------------------------
  workOrderList: def({
    method: 'GET',
    path: '/admin/Workorder/list',
    permission: 'workorder.query',
    query: workOrderListQuery,
    reply: r.paged(r.workOrder),
    tags: orders,
    summary: 'Work orders of the company, filtered and paged',
  }),
  workOrderDetail: def({
    method: 'GET',
    path: '/admin/Workorder/work_order_details',
    aliases: ['/admin/Work/detail'],
    permission: 'workorder.get',
    query: orderIdQuery,
    reply: r.workOrderDetail,
    tags: orders,
    summary: 'One order with form data, template version, history and the actions the caller may take',
  }),
  workOrderRecords: def({
    method: 'GET',
    path: '/admin/Workorder/work_order_record_list',
    aliases: ['/admin/Work/workOrderLog'],
    permission: 'workorder.get',
    query: orderIdQuery,
    reply: z.array(r.workOrderRecord),
    tags: orders,
    summary: 'History of one order',
  }),
  assignmentRecords: def({
    method: 'GET',
    path: '/admin/Workorder/work_order_assign_record',
    permission: 'workorder.get',
    query: orderIdQuery,
    reply: z.array(r.workOrderRecord),
    tags: orders,
    summary: 'Claim, assign, reassign and dispatch steps of one order',
  }),
  assignableStaff: def({
    method: 'GET',
    path: '/admin/Workorder/employee_list',
    aliases: ['/admin/Work/staffListTwo'],
    permission: 'workorder.query',
    query: employeeListQuery,
    reply: z.array(r.employee),
    tags: orders,
    summary: 'Staff who may receive an order: bound to the application first, then the least loaded',
  }),
  myWorkOrders: def({
    method: 'POST',
    path: '/admin/Work/myWorkOrder',
    permission: 'myorders.query',
    body: myWorkOrderBody,
    reply: r.paged(r.workOrder),
    tags: orders,
    summary: 'Orders the caller handles, created or reviewed',
  }),
  statusCounts: def({
    method: 'GET',
    path: '/admin/Work/pendingNumber',
    permission: 'workorder.query',
    query: companyScoped,
    reply: r.statusCounts,
    tags: orders,
    summary: 'Number of orders in each status',
  }),
  awaitingAssignment: def({
    method: 'POST',
    path: '/admin/Work/allDaiNumber',
    permission: 'member',
    body: companyScoped.extend({ name: z.string().trim().max(64).optional() }),
    reply: z.number().int(),
    tags: orders,
    summary: 'Number of orders awaiting assignment, optionally of one application or template by name',
  }),
  orderKinds: def({
    method: 'GET',
    path: '/admin/Work/workOrderName',
    permission: 'workorder.query',
    query: companyScoped,
    reply: z.array(r.orderKind),
    tags: orders,
    summary: 'Kinds of work order (templates in use), for filters',
  }),
  orderKindDetail: def({
    method: 'POST',
    path: '/admin/Work/workOrderNameDetail',
    permission: 'workorder.query',
    body: orderIdBody,
    reply: r.orderKindDetail,
    tags: orders,
    summary: 'One kind of work order with its form fields',
  }),
  boundApplications: def({
    method: 'GET',
    path: '/admin/Work/staffApplication',
    permission: 'member',
    query: companyScoped,
    reply: z.array(r.boundApplication),
    tags: orders,
    summary: 'Applications the caller is bound to',
  }),

  // --- statistics -------------------------------------------------------------------
  applicationStats: def({
    method: 'POST',
    path: '/admin/Work/appData',
    permission: 'dashboard.query',
    body: statsQuery,
    reply: r.appDataReply,
    tags: stats,
    summary: 'Per-application figures and trend over a date range',
  }),
  applicationStatsDetail: def({
    method: 'POST',
    path: '/admin/Work/appDataDetail',
    permission: 'dashboard.query',
    body: appStatsDetailQuery,
    reply: r.appDataDetailReply,
    tags: stats,
    summary: "One application's figures, trend and per-handler breakdown",
  }),
  staffStats: def({
    method: 'POST',
    path: '/admin/Work/staffDataList',
    permission: 'dashboard.query',
    body: statsQuery,
    reply: r.staffDataReply,
    tags: stats,
    summary: 'Per-handler figures over a date range',
  }),

  // --- single actions ---------------------------------------------------------------
  claim: def({
    method: 'POST',
    path: '/admin/Workorder/claim_work_order',
    permission: 'workorder.renling',
    body: orderIdBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Claim an unassigned order',
  }),
  claimByLink: def({
    method: 'GET',
    path: '/admin/Work/claim',
    permission: 'workorder.renling',
    query: orderIdQuery,
    reply: r.workOrder,
    tags: orders,
    summary: 'Claim an unassigned order (GET form of the original)',
  }),
  // Handler rules (only the handler completes or transfers) are the work-order policy's.
  reassign: def({
    method: 'POST',
    path: '/admin/Workorder/work_order_reassign',
    permission: 'workorder.query',
    body: reassignBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Transfer an order in processing to another handler',
  }),
  complete: def({
    method: 'POST',
    path: '/admin/Workorder/work_order_complete',
    permission: 'workorder.query',
    body: completeBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Finish an order (to review when its template asks for one)',
  }),
  reject: def({
    method: 'POST',
    path: '/admin/Workorder/work_order_reject',
    permission: 'workorder.query',
    body: rejectBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Send an order back to its requester with a reason',
  }),
  examine: def({
    method: 'POST',
    path: '/admin/Workorder/work_order_examine',
    permission: 'workorder.examine',
    body: examineBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Review: pass, or fail back to the handler with a reason',
  }),
  cancel: def({
    method: 'POST',
    path: '/admin/Workorder/work_order_cancel',
    permission: 'workorder.cancelorder',
    body: cancelBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Cancel an open order with a reason',
  }),
  resubmit: def({
    method: 'POST',
    path: '/admin/Workorder/resubmit_work_order',
    permission: 'workorder.query',
    body: resubmitBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Resubmit a rejected order, optionally with new form data',
  }),
  addNote: def({
    method: 'POST',
    path: '/admin/Workorder/record_notes',
    permission: 'workorder.get',
    body: noteBody,
    reply: r.nothing,
    tags: orders,
    summary: 'Add an internal note (never shown to the requester)',
  }),

  // --- batches (Idempotency-Key header: a retry acts once) -----------------------------
  batchClaim: def({
    method: 'POST',
    path: '/admin/Batch_Work/batchWorkClaim',
    aliases: ['/admin/Work/batchClaim'],
    permission: 'workorder.renling',
    body: idsBody,
    reply: r.batchReply,
    tags: batches,
    summary: 'Claim up to 500 orders; one result per order',
  }),
  batchAssign: def({
    method: 'POST',
    path: '/admin/Batch_Work/batchWorkAssign',
    aliases: ['/admin/Work/batchAssign'],
    permission: 'workorder.zhipai',
    body: batchAssignBody,
    reply: r.batchReply,
    tags: batches,
    summary: 'Assign up to 500 orders to one handler; one result per order',
  }),
  batchReject: def({
    method: 'POST',
    path: '/admin/Work/batchReject',
    permission: 'workorder.query',
    body: batchRejectBody,
    reply: r.batchReply,
    tags: batches,
    summary: 'Reject up to 500 orders with one reason; one result per order',
  }),

  // --- staff-side create, edit, delete; withdraw ----------------------------------------
  createWorkOrder: def({
    method: 'POST',
    path: '/admin/Work/add',
    permission: 'workorder.add',
    body: staffCreateBody,
    reply: r.createdOrder,
    tags: orders,
    summary: "Create an order on a requester's behalf",
  }),
  editWorkOrder: def({
    method: 'POST',
    path: '/admin/Work/edit',
    permission: 'workorder.edit',
    body: staffEditBody,
    reply: r.workOrder,
    tags: orders,
    summary: 'Edit the form data of an unassigned or rejected order',
  }),
  deleteWorkOrder: def({
    method: 'GET',
    path: '/admin/Work/delete',
    permission: 'workorder.delete',
    query: orderIdQuery,
    reply: r.nothing,
    tags: orders,
    summary: 'Delete a cancelled or withdrawn order',
  }),
  withdraw: def({
    method: 'GET',
    path: '/admin/Work/withdraw',
    permission: 'memberOrRequester',
    query: withdrawQuery,
    reply: r.workOrder.nullable(),
    tags: requester,
    summary: 'Withdraw an unassigned or rejected order: its requester (ident) or the staff member who created it',
    rateLimited: true,
  }),

  // --- Excel ------------------------------------------------------------------------
  exportWorkOrders: def({
    method: 'GET',
    path: '/admin/Work/export',
    permission: 'workorder.export',
    query: exportQuery,
    reply: FILE_REPLY,
    tags: orders,
    summary: 'The filtered list as .xlsx, form fields as columns',
  }),
  importTemplate: def({
    method: 'GET',
    path: '/admin/Work/importTemplate',
    permission: 'workorder.import',
    query: companyScoped.extend({ application_id: idField }),
    reply: FILE_REPLY,
    tags: orders,
    summary: "An .xlsx with the application's form fields as columns",
  }),
  importWorkOrders: def({
    method: 'POST',
    path: '/admin/Work/batchUpload',
    permission: 'workorder.import',
    multipart: true,
    reply: r.importReply,
    tags: orders,
    summary: 'Import orders from an .xlsx (multipart fields company_id, application_id, then file)',
  }),

  // --- applications and templates -----------------------------------------------------
  applicationList: def({
    method: 'GET',
    path: '/admin/Application/list',
    permission: 'application.query',
    query: companyScoped.extend(pagingQuery.shape),
    reply: r.paged(r.applicationItem),
    tags: ['applications'],
    summary: 'Applications (service channels) of the company',
  }),
  templateAutomatic: def({
    method: 'GET',
    path: '/admin/template/isAutomatic',
    permission: 'member',
    query: orderIdQuery,
    reply: r.automaticReply,
    tags: ['templates'],
    summary: 'Whether new orders of a template are dispatched automatically',
  }),

  // --- requester portal (public, limited per IP) -------------------------------------
  templateData: def({
    method: 'POST',
    path: '/home/Work_Create/templateData',
    permission: 'public',
    body: templateDataBody,
    reply: r.templateDataReply,
    tags: requester,
    summary: "An application's form by its public key",
    rateLimited: true,
  }),
  submitWorkOrder: def({
    method: 'POST',
    path: '/home/Work_Create/createWorkNew',
    permission: 'public',
    body: createWorkBody,
    reply: r.createWorkReply,
    tags: requester,
    summary: "Submit a requester's order; returns the requester's identification",
    rateLimited: true,
  }),
  editAndResubmit: def({
    method: 'POST',
    path: '/home/Work_Create/editWorkNew',
    permission: 'public',
    body: editWorkBody,
    reply: r.resubmittedReply,
    tags: requester,
    summary: "New form values for the requester's rejected order, which is resubmitted",
    rateLimited: true,
  }),
  requesterOrders: def({
    method: 'GET',
    path: '/admin/Applet/applet_work_order_see',
    permission: 'public',
    query: appletQuery,
    reply: r.appletReply,
    tags: requester,
    summary: "The requester's orders, or one of them with its public timeline when `id` is given",
    rateLimited: true,
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

type Schema<E, K extends 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;
type RequestSchema<E> = [Schema<E, 'body'>] extends [never] ? Schema<E, 'query'> : Schema<E, 'body'>;

/** What the server's handler receives: the validated (parsed) query or body. */
export type RequestOf<N extends EndpointName> = [RequestSchema<Endpoints[N]>] extends [never] ? Record<string, unknown> : z.output<RequestSchema<Endpoints[N]>>;
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** Fields as the server reads them, optional where the request may leave them out. */
type ClientFields<S extends z.ZodType, In = z.input<S>, Out = z.output<S>> = {
  [K in Exclude<keyof In, OptionalKeys<In>>]: K extends keyof Out ? Out[K] : In[K];
} & {
  [K in OptionalKeys<In>]?: K extends keyof Out ? Out[K] : In[K];
};
/** What a client sends: the request's fields without the company scope, which the client adds. */
export type ParamsOf<N extends EndpointName> = [RequestSchema<Endpoints[N]>] extends [never]
  ? Record<string, never>
  : Omit<ClientFields<RequestSchema<Endpoints[N]>>, 'company_id' | 'shop_id'>;
/** The `data` of the reply as the server produces it. */
export type ReplyIn<N extends EndpointName> = Endpoints[N]['reply'] extends z.ZodType ? z.input<Endpoints[N]['reply']> : never;
/** The `data` of the reply as a client reads it. */
export type ReplyOf<N extends EndpointName> = Endpoints[N]['reply'] extends z.ZodType ? z.output<Endpoints[N]['reply']> : Blob;
