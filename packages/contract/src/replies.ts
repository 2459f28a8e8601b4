/**
 * Shapes of the `data` of replies (docs/design.md, "HTTP contract"). Each is a zod schema
 * so the endpoint table can document it (OpenAPI at /docs) and the server can check what
 * it sends; the TypeScript types the SPA reads are inferred from the same schemas.
 * Times are ISO-8601 strings in UTC.
 */
import { z } from 'zod';
import { WORK_ORDER_STATUSES } from './status.ts';
import { DATA_SCOPES } from './permissions.ts';
import { uiSettings } from './ui-settings.ts';

const int = z.number().int();
const nullableInt = int.nullable();
const time = z.string();

export const workOrderStatus = z.enum(WORK_ORDER_STATUSES);

/**
 * A page of a list: `data` rows plus paging figures. `totalCapped`: there are more matches
 * than `totalCount`, which is a lower bound (a keyword search counts at most 1,000).
 */
export const paged = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), pageNo: int, pageSize: int, totalCount: int, totalPage: int, totalCapped: z.literal(true).optional() });
export interface Paged<T> {
  data: T[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
  totalCapped?: true;
}
/** The page of `rows` out of `total` matches (`capped`: at least that many), as list calls reply it. */
export const pageOf = <T>(rows: T[], total: number, q: { pageNo: number; pageSize: number }, capped?: boolean): Paged<T> => ({
  data: rows,
  pageNo: q.pageNo,
  pageSize: q.pageSize,
  totalCount: total,
  totalPage: Math.ceil(total / q.pageSize),
  ...(capped ? { totalCapped: true as const } : {}),
});

/** `null` data, for calls that only succeed or fail. */
export const nothing = z.null();

// --- auth and access ------------------------------------------------------------------

export const loginReply = z.object({
  token: z.string(),
  account: z.string(),
  nickname: z.string(),
  /** True after a password reset: every call but password change, logout and user info is refused until then. */
  must_change_password: z.boolean().optional(),
  /**
   * True when an administrator of a company requiring two-factor sign-in has none yet: every
   * call but the enrolment, logout, company list and user info is refused until then
   * (docs/design.md, "Two-factor required for administrators").
   */
  two_factor_enrol_required: z.boolean().optional(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const companyListItem = z.object({ company_id: int, company_name: z.string() });
export type CompanyListItem = z.infer<typeof companyListItem>;

export const grantedPermission = z.object({ permissionId: z.string(), actions: z.array(z.string()) });

/** A menu tree item (dynamic routes). `actions` is a JSON array as text, as the original sends it. */
export const menuItem = z.object({
  id: int,
  url: z.string(),
  key: z.string(),
  name: z.string(),
  icon: z.string(),
  url_name: z.string(),
  pid: int,
  actions: z.string(),
  show: int,
  menuType: int,
  redirect: z.string(),
  get children() {
    return z.array(menuItem).optional();
  },
});
export type MenuItem = z.infer<typeof menuItem>;

export const userInfo = z.object({
  user: z.object({ id: int, username: z.string(), nickname: z.string(), avatar: z.string(), staff_id: int, staff_name: z.string() }),
  company: companyListItem,
  role: z.object({ id: int, name: z.string(), is_admin: z.boolean(), data_scope: z.enum(DATA_SCOPES), permissions: z.array(grantedPermission) }),
  menus: z.array(menuItem),
  /** The person's saved theme settings (docs/design.md, "Account pages"); null until first saved. */
  ui_settings: uiSettings.nullable(),
  /** Said only when true: the caller must enrol two-factor sign-in before anything else (see `loginReply`). */
  two_factor_enrol_required: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

// --- work orders ----------------------------------------------------------------------

export const workOrder = z.object({
  id: int,
  order_no: z.string(),
  title: z.string(),
  status: workOrderStatus,
  application_id: int,
  application_name: z.string(),
  template_id: int,
  template_version: int,
  category_id: nullableInt,
  category_name: z.string().nullable(),
  handler_id: nullableInt,
  handler_name: z.string().nullable(),
  requester_name: z.string(),
  requester_phone: z.string(),
  reason: z.string().nullable(),
  created_at: time,
  updated_at: time,
  version: int,
  /** Actions this user may take now (state machine and permissions both allow them). */
  allowed_actions: z.array(z.string()),
});
export type WorkOrder = z.infer<typeof workOrder>;

export const workOrderRecord = z.object({
  id: int,
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  actor_name: z.string(),
  target_name: z.string().nullable(),
  note: z.string().nullable(),
  /** Internal notes are for staff only, never shown to requesters. */
  is_internal: z.boolean(),
  /** Action details, e.g. `{before, after}` of an edit. */
  detail: z.unknown(),
  created_at: time,
});
export type WorkOrderRecord = z.infer<typeof workOrderRecord>;

export const workOrderDetail = workOrder.extend({
  form_data: z.record(z.string(), z.unknown()),
  template: z.object({ id: int, name: z.string(), version: int, schema: z.unknown(), needs_review: z.boolean() }),
  records: z.array(workOrderRecord),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const statusCounts = z.object({ counts: z.record(workOrderStatus, int), total: int });
export type StatusCounts = z.infer<typeof statusCounts>;

export const batchItemResult = z.object({ id: int, ok: z.boolean(), code: int, msg: z.string() });
export type BatchItemResult = z.infer<typeof batchItemResult>;
export const batchReply = z.object({ results: z.array(batchItemResult) });
export type BatchReply = z.infer<typeof batchReply>;

export const employee = z.object({
  id: int,
  name: z.string(),
  job_number: z.string(),
  department_id: nullableInt,
  department_name: z.string().nullable(),
  position_name: z.string().nullable(),
  role_name: z.string(),
  /** Orders in processing or pending review with this handler. */
  open_count: int,
  /** Bound to the application asked about (always true when none was asked). */
  bound: z.boolean(),
});
export type Employee = z.infer<typeof employee>;

/** An order kind (a template in use) for filters. */
export const orderKind = z.object({ id: int, name: z.string() });
export const orderKindDetail = z.object({
  id: int,
  name: z.string(),
  version: int,
  is_automatic: z.boolean(),
  needs_review: z.boolean(),
  fields: z.array(z.object({ model: z.string(), label: z.string(), type: z.string(), options: z.array(z.unknown()) })),
});
export type OrderKindDetail = z.infer<typeof orderKindDetail>;

export const boundApplication = z.object({ id: int, name: z.string(), app_key: z.string(), status: int });

export const createdOrder = z.object({ id: int, order_no: z.string() });

export const importReply = z.object({
  created: int,
  failed: int,
  orders: z.array(z.object({ row: int, id: int, order_no: z.string() })),
  errors: z.array(z.object({ row: int, field: z.string(), message: z.string() })),
});
export type ImportReply = z.infer<typeof importReply>;

export const automaticReply = z.object({ id: int, is_automatic: z.boolean() });

// --- statistics -----------------------------------------------------------------------

export const statsFigures = z.object({
  created: int,
  completed: int,
  open: int,
  /** Mean hours from creation to completion of the orders completed in the range. */
  avg_handle_hours: z.number().nullable(),
  overdue: int,
});
export type StatsFigures = z.infer<typeof statsFigures>;
export const appStats = statsFigures.extend({ application_id: int, application_name: z.string() });
export type AppStats = z.infer<typeof appStats>;
export const staffStats = statsFigures.extend({ staff_id: int, staff_name: z.string(), department_name: z.string().nullable() });
export type StaffStats = z.infer<typeof staffStats>;
export const trendPoint = z.object({ date: z.string(), created: int, completed: int });
export type TrendPoint = z.infer<typeof trendPoint>;

const range = { date_from: z.string(), date_to: z.string() };
export const appDataReply = z.object({ ...range, totals: statsFigures, applications: z.array(appStats), trend: z.array(trendPoint) });
export type AppDataReply = z.infer<typeof appDataReply>;
export const appDataDetailReply = z.object({
  ...range,
  application_id: int,
  application_name: z.string(),
  totals: statsFigures,
  handlers: z.array(staffStats),
  trend: z.array(trendPoint),
});
export type AppDataDetailReply = z.infer<typeof appDataDetailReply>;
export const staffDataReply = z.object({ ...range, staff: z.array(staffStats) });

// --- applications ---------------------------------------------------------------------

export const applicationItem = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  app_key: z.string(),
  template_id: int,
  template_name: z.string(),
  category_id: nullableInt,
  category_name: z.string().nullable(),
  status: int,
  /** Whether new orders are dispatched automatically (the template's setting). */
  is_automatic: z.boolean(),
  /** Staff bound to handle its orders. */
  bound_count: int,
  created_at: time,
});
export type ApplicationItem = z.infer<typeof applicationItem>;
/** One application with the ids of its bound staff. */
export const applicationDetail = applicationItem.extend({ staff_ids: z.array(int) });
export type ApplicationDetail = z.infer<typeof applicationDetail>;

// --- requester portal -----------------------------------------------------------------

export const templateDataReply = z.object({
  application: z.object({ name: z.string(), app_key: z.string(), description: z.string(), company_name: z.string() }),
  template: z.object({ id: int, version: int, name: z.string(), schema: z.unknown() }),
});
export type TemplateDataReply = z.infer<typeof templateDataReply>;

export const createWorkReply = z.object({ id: int, order_no: z.string(), ident: z.string() });
export type CreateWorkReply = z.infer<typeof createWorkReply>;

/** What a requester sees of an order: no internal notes, no staff phone numbers. */
export const publicOrder = z.object({
  id: int,
  order_no: z.string(),
  title: z.string(),
  status: workOrderStatus,
  application_name: z.string(),
  company_name: z.string(),
  reason: z.string().nullable(),
  created_at: time,
  updated_at: time,
});
export type PublicOrder = z.infer<typeof publicOrder>;
export const publicOrderDetail = publicOrder.extend({
  form_data: z.record(z.string(), z.unknown()),
  template: z.object({ name: z.string(), schema: z.unknown() }),
  app_key: z.string(),
  timeline: z.array(z.object({ action: z.string(), to_status: z.string().nullable(), note: z.string().nullable(), created_at: time })),
});
export type PublicOrderDetail = z.infer<typeof publicOrderDetail>;
/** `applet_work_order_see`: the requester's orders, or one order when `id` is given. */
export const appletReply = z.union([publicOrderDetail, z.array(publicOrder)]);
export const resubmittedReply = z.object({ id: int, status: workOrderStatus });
