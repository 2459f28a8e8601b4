/**
 * Request and reply shapes of the documented calls (SPEC.md section 7, DESIGN.md
 * section 3). Field names are the wire names (snake_case, as the original backend).
 * Every staff call also carries `company_id`, added by the SPA's one HTTP client.
 */
import { z } from 'zod';
import { WORK_ORDER_STATUSES } from './status.ts';

/** Base path of every call. */
export const API_BASE = '/index.php';

/** `code` values with a meaning of their own (DESIGN.md section 3). */
export const CODE = {
  ok: 200,
  /** Not signed in, or the token is invalid, expired or revoked: the SPA logs out. */
  notSignedIn: 101,
  /** Uploads answer 0 on success, as the form designer widgets expect. */
  uploadOk: 0,
} as const;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Validation errors: `data.errors` maps a field to its messages. */
export interface ValidationErrorData {
  errors: Record<string, string[]>;
}

/** Largest page a list call returns. */
export const MAX_PAGE_SIZE = 100;

const id = z.coerce.number().int().positive();
const companyId = z.coerce.number().int().nonnegative();

export const pagingQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export interface Paged<T> {
  data: T[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
}

export const companyScoped = z.object({ company_id: companyId });

// --- auth ---------------------------------------------------------------------------

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  remember_me: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  captcha: z.string().max(16).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface LoginReply {
  token: string;
  account: string;
  nickname: string;
}

/** Payload (a) of SPEC.md section 3. */
export const updatePasswordBody = z
  .object({
    username: z.string().optional(),
    oldpassword: z.string().min(1).max(128),
    password: z.string().min(6).max(128),
    confirmpassword: z.string().min(1).max(128),
  })
  .refine((b) => b.password === b.confirmpassword, {
    path: ['confirmpassword'],
    message: 'the two passwords entered do not match!',
  });

export interface CompanyListItem {
  company_id: number;
  company_name: string;
}

/** A menu tree item (SPEC.md section 2, dynamic routes). `actions` is a JSON string. */
export interface MenuItem {
  id: number;
  url: string;
  key: string;
  name: string;
  icon: string;
  url_name: string;
  pid: number;
  actions: string;
  show: number;
  menuType: number;
  redirect: string;
  children?: MenuItem[];
}

export interface UserInfo {
  user: { id: number; username: string; nickname: string; avatar: string; staff_id: number; staff_name: string };
  company: CompanyListItem;
  role: { id: number; name: string; is_admin: boolean; permissions: { permissionId: string; actions: string[] }[] };
  menus: MenuItem[];
}

// --- work orders --------------------------------------------------------------------

export const workOrderStatus = z.enum(WORK_ORDER_STATUSES);

export const workOrderListQuery = companyScoped.extend(pagingQuery.shape).extend({
  status: workOrderStatus.optional(),
  keyword: z.string().trim().max(100).optional(),
  application_id: id.optional(),
  category_id: id.optional(),
  handler_id: id.optional(),
  created_from: z.string().max(30).optional(),
  created_to: z.string().max(30).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

export interface WorkOrder {
  id: number;
  order_no: string;
  title: string;
  status: z.infer<typeof workOrderStatus>;
  application_id: number;
  application_name: string;
  template_id: number;
  template_version: number;
  category_id: number | null;
  category_name: string | null;
  handler_id: number | null;
  handler_name: string | null;
  requester_name: string;
  requester_phone: string;
  reason: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  /** Actions this user may take now (state machine and permissions both allow them). */
  allowed_actions: string[];
}

export interface WorkOrderRecord {
  id: number;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor_name: string;
  target_name: string | null;
  note: string | null;
  /** Internal notes are for staff only, never shown to requesters. */
  is_internal: boolean;
  created_at: string;
}

export interface WorkOrderDetail extends WorkOrder {
  form_data: Record<string, unknown>;
  template: { id: number; name: string; version: number; schema: unknown; needs_review: boolean };
  records: WorkOrderRecord[];
}

export interface StatusCounts {
  counts: Record<z.infer<typeof workOrderStatus>, number>;
  total: number;
}

export const orderIdBody = companyScoped.extend({ id, version: z.coerce.number().int().optional() });
export const completeBody = orderIdBody.extend({ note: z.string().trim().max(2000).optional() });

/** Public: the application's template by its public key. */
export const templateDataBody = z.object({ app_key: z.string().trim().min(1).max(64) });
export interface TemplateDataReply {
  application: { name: string; app_key: string; description: string; company_name: string };
  template: { id: number; version: number; name: string; schema: unknown };
}

export const createWorkBody = z.object({
  app_key: z.string().trim().min(1).max(64),
  form_data: z.record(z.string(), z.unknown()),
  requester_name: z.string().trim().min(1).max(50),
  requester_phone: z.string().trim().regex(/^[0-9+\-() ]{5,20}$/),
  /** A requester who already has an identification keeps it across submissions. */
  ident: z.string().trim().max(64).optional(),
});
export interface CreateWorkReply {
  id: number;
  order_no: string;
  ident: string;
}

export interface ApplicationItem {
  id: number;
  name: string;
  description: string;
  app_key: string;
  template_id: number;
  template_name: string;
  category_id: number | null;
  category_name: string | null;
  status: number;
  created_at: string;
}
