/**
 * Shapes of the work-order calls beyond the main job: the remaining actions,
 * batches, staff-side create and edit, reads, statistics and the requester portal.
 */
import { z } from 'zod';
import { companyScoped, FIELD_ERROR, dayField, orderIdBody, pagingQuery, workOrderListQuery } from './api.ts';
import { applicationIdField, companyIdField, departmentIdField, staffIdField, templateIdField, workOrderIdField } from './ids.ts';
import { workOrderStatus } from './replies.ts';

const reason = z.string().trim().min(1).max(500);
const optionalNote = z.string().trim().max(2000).optional();

/** Most ids one batch call takes. */
export const MAX_BATCH = 500;
/** An open order older than this, or one that took longer to finish, counts as overdue. */
export const OVERDUE_HOURS = 72;

/** Booleans as forms and query strings send them. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const reassignBody = orderIdBody.extend({ staff_id: staffIdField, note: optionalNote });
export const rejectBody = orderIdBody.extend({ reason });
export const cancelBody = orderIdBody.extend({ reason });
export const examineBody = orderIdBody
  .extend({ pass: flag, reason: z.string().trim().max(500).optional() })
  .refine((b) => b.pass || !!b.reason, { path: ['reason'], message: FIELD_ERROR.reviewReasonRequired });
export const noteBody = orderIdBody.extend({ note: z.string().trim().min(1).max(2000) });
export const resubmitBody = orderIdBody.extend({ form_data: z.record(z.string(), z.unknown()).optional() });
export const orderIdQuery = companyScoped.extend({ id: workOrderIdField });
/** One template (order kind) of the company. */
export const templateIdParams = companyScoped.extend({ id: templateIdField });

export const idsBody = companyScoped.extend({ ids: z.array(workOrderIdField).min(1).max(MAX_BATCH) });
export const batchAssignBody = idsBody.extend({ staff_id: staffIdField, note: optionalNote });
export const batchRejectBody = idsBody.extend({ reason });

const requesterName = z.string().trim().min(1).max(50);
const requesterPhone = z
  .string()
  .trim()
  .regex(/^[0-9+\-() ]{5,20}$/);

export const staffCreateBody = companyScoped.extend({
  application_id: applicationIdField,
  form_data: z.record(z.string(), z.unknown()),
  requester_name: requesterName,
  requester_phone: requesterPhone,
});
export const staffEditBody = orderIdBody.extend({ form_data: z.record(z.string(), z.unknown()) });

export const employeeListQuery = companyScoped.extend({
  application_id: applicationIdField.optional(),
  department_id: departmentIdField.optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const MY_WORK_ORDER_TYPES = ['handling', 'created', 'reviewed'] as const;
export const myWorkOrderBody = companyScoped.extend(pagingQuery.shape).extend({
  type: z.enum(MY_WORK_ORDER_TYPES).default('handling'),
  status: workOrderStatus.optional(),
});

export const exportQuery = workOrderListQuery.omit({ pageNo: true, pageSize: true });

export const statsQuery = companyScoped.extend({ date_from: dayField.optional(), date_to: dayField.optional() });
export const appStatsDetailQuery = statsQuery.extend({ application_id: applicationIdField });

// --- requester portal (public; the requester is known by `ident`) -------------------

export const identField = z.string().trim().min(16).max(64);
export const appletQuery = z.object({ ident: identField, id: workOrderIdField.optional() });
export const editWorkBody = z.object({
  ident: identField,
  id: workOrderIdField,
  form_data: z.record(z.string(), z.unknown()),
  requester_name: requesterName.optional(),
  requester_phone: requesterPhone.optional(),
});
export const withdrawQuery = z.object({ id: workOrderIdField, ident: identField.optional(), company_id: companyIdField.optional() });
