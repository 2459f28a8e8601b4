/**
 * Shapes of the work-order calls beyond the main job (issue 3): the remaining actions,
 * batches, staff-side create and edit, reads, statistics and the requester portal.
 */
import { z } from 'zod';
import { companyScoped, isRealDay, orderIdBody, pagingQuery, workOrderListQuery, workOrderStatus } from './api.ts';

const id = z.coerce.number().int().positive();
const reason = z.string().trim().min(1).max(500);
const optionalNote = z.string().trim().max(2000).optional();

/** Most ids one batch call takes. */
export const MAX_BATCH = 500;
/** An open order older than this, or one that took longer to finish, counts as overdue. */
export const OVERDUE_HOURS = 72;

/** Booleans as forms and query strings send them. */
export const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const reassignBody = orderIdBody.extend({ staff_id: id, note: optionalNote });
export const rejectBody = orderIdBody.extend({ reason });
export const cancelBody = orderIdBody.extend({ reason });
export const examineBody = orderIdBody
  .extend({ pass: flag, reason: z.string().trim().max(500).optional() })
  .refine((b) => b.pass || !!b.reason, { path: ['reason'], message: 'reason is required when the review fails' });
export const noteBody = orderIdBody.extend({ note: z.string().trim().min(1).max(2000) });
export const resubmitBody = orderIdBody.extend({ form_data: z.record(z.string(), z.unknown()).optional() });
export const orderIdQuery = companyScoped.extend({ id });

export const idsBody = companyScoped.extend({ ids: z.array(id).min(1).max(MAX_BATCH) });
export const batchAssignBody = idsBody.extend({ staff_id: id, note: optionalNote });
export const batchRejectBody = idsBody.extend({ reason });

export interface BatchItemResult {
  id: number;
  ok: boolean;
  code: number;
  msg: string;
}
export interface BatchReply {
  results: BatchItemResult[];
}

const requesterName = z.string().trim().min(1).max(50);
const requesterPhone = z.string().trim().regex(/^[0-9+\-() ]{5,20}$/);

export const staffCreateBody = companyScoped.extend({
  application_id: id,
  form_data: z.record(z.string(), z.unknown()),
  requester_name: requesterName,
  requester_phone: requesterPhone,
});
export const staffEditBody = orderIdBody.extend({ form_data: z.record(z.string(), z.unknown()) });

export const employeeListQuery = companyScoped.extend({
  application_id: id.optional(),
  department_id: id.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export interface Employee {
  id: number;
  name: string;
  job_number: string;
  department_id: number | null;
  department_name: string | null;
  position_name: string | null;
  role_name: string;
  /** Orders in processing or pending review with this handler. */
  open_count: number;
  /** Bound to the application asked about (always true when none was asked). */
  bound: boolean;
}

export const MY_WORK_ORDER_TYPES = ['handling', 'created', 'reviewed'] as const;
export const myWorkOrderBody = companyScoped.extend(pagingQuery.shape).extend({
  type: z.enum(MY_WORK_ORDER_TYPES).default('handling'),
  status: workOrderStatus.optional(),
});

export const exportQuery = workOrderListQuery.omit({ pageNo: true, pageSize: true });

const day = z.string().refine(isRealDay, { message: 'not a valid date (YYYY-MM-DD)' });
export const statsQuery = companyScoped.extend({ date_from: day.optional(), date_to: day.optional() });
export const appStatsDetailQuery = statsQuery.extend({ application_id: id });

export interface StatsFigures {
  created: number;
  completed: number;
  open: number;
  /** Mean hours from creation to completion of the orders completed in the range. */
  avg_handle_hours: number | null;
  overdue: number;
}
export interface AppStats extends StatsFigures {
  application_id: number;
  application_name: string;
}
export interface StaffStats extends StatsFigures {
  staff_id: number;
  staff_name: string;
  department_name: string | null;
}
export interface TrendPoint {
  date: string;
  created: number;
  completed: number;
}
export interface AppDataReply {
  date_from: string;
  date_to: string;
  totals: StatsFigures;
  applications: AppStats[];
  trend: TrendPoint[];
}

// --- requester portal (public; the requester is known by `ident`) -------------------

export const identField = z.string().trim().min(16).max(64);
export const appletQuery = z.object({ ident: identField, id: id.optional() });
export const editWorkBody = z.object({
  ident: identField,
  id,
  form_data: z.record(z.string(), z.unknown()),
  requester_name: requesterName.optional(),
  requester_phone: requesterPhone.optional(),
});
export const withdrawQuery = z.object({ id, ident: identField.optional(), company_id: z.coerce.number().int().nonnegative().optional() });

/** What a requester sees of an order: no internal notes, no staff phone numbers. */
export interface PublicOrder {
  id: number;
  order_no: string;
  title: string;
  status: z.infer<typeof workOrderStatus>;
  application_name: string;
  company_name: string;
  reason: string | null;
  created_at: string;
  updated_at: string;
}
export interface PublicOrderDetail extends PublicOrder {
  form_data: Record<string, unknown>;
  template: { name: string; schema: unknown };
  app_key: string;
  timeline: { action: string; to_status: string | null; note: string | null; created_at: string }[];
}
