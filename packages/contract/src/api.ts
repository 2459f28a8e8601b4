/**
 * Request and reply shapes of the documented calls (docs/product.md, section 7;
 * docs/design.md, "HTTP contract"). Field names are the wire names (snake_case, as the
 * original backend). Every staff call also carries `company_id`, added by the SPA's one
 * HTTP client.
 */
import { z } from 'zod';
import { workOrderStatus } from './replies.ts';
import { applicationIdField, categoryIdField, companyIdField, MAX_ID, staffIdField, workOrderIdField } from './ids.ts';

/**
 * Messages of the contract's own rules, as keys: the server words them in the caller's
 * language (its message catalogue), so no validator text reaches a user.
 */
export const FIELD_ERROR = {
  passwordMismatch: 'passwordMismatch',
  smsCode: 'smsCode',
  fieldRequired: 'fieldRequired',
  invalidDate: 'invalidDate',
  reviewReasonRequired: 'reviewReasonRequired',
} as const;

import { MAX_PAGE_SIZE } from './constants.ts';

export { API_BASE, CODE, MAX_PAGE_SIZE } from './constants.ts';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Validation errors: `data.errors` maps a field to its messages. */
export interface ValidationErrorData {
  errors: Record<string, string[]>;
}

export { MAX_ID, idField } from './ids.ts';

export const pagingQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const companyScoped = z.object({ company_id: companyIdField });

// --- auth ---------------------------------------------------------------------------

/** A body whose `password` and `confirmpassword` must match; the mismatch is marked on the confirmation. */
export const confirmedPassword = <T extends z.ZodType<{ password: string; confirmpassword: string }>>(body: T) =>
  body.refine((b) => b.password === b.confirmpassword, { path: ['confirmpassword'], message: FIELD_ERROR.passwordMismatch });

/** Payload (a) of docs/product.md, section 3. */
export const updatePasswordBody = confirmedPassword(
  z.object({
    username: z.string().optional(),
    oldpassword: z.string().min(1).max(128),
    password: z.string().min(8).max(128),
    confirmpassword: z.string().min(1).max(128),
  }),
);

// --- work orders --------------------------------------------------------------------

/**
 * The years a day input may name (docs/design.md, section 11): anything outside is refused
 * before a service sees it, so no range can reach '10000-01-01', which sorts before
 * '9999-12-31' as a string.
 */
export const DAY_YEARS = { first: 2000, last: 2100 } as const;

/**
 * Whether `s` is a calendar day `YYYY-MM-DD` that exists (2026-02-30 does not) and falls in
 * DAY_YEARS.
 */
export function isRealDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < DAY_YEARS.first || y > DAY_YEARS.last) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A day input (`2026-11-23`) of a filter or a statistics range; the one schema for days. */
export const dayField = z.string().max(10).refine(isRealDay, { message: FIELD_ERROR.invalidDate });

/** A day (`2026-11-23`) or an ISO instant (`2026-11-23T16:00:00.000Z`) on a real day. */
const dayOrInstant = z
  .string()
  .max(30)
  .refine(
    (v) =>
      isRealDay(v.slice(0, 10)) &&
      (v.length === 10 || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)))),
    {
      message: FIELD_ERROR.invalidDate,
    },
  );

export const workOrderListQuery = companyScoped.extend(pagingQuery.shape).extend({
  status: workOrderStatus.optional(),
  keyword: z.string().trim().max(100).optional(),
  application_id: applicationIdField.optional(),
  category_id: categoryIdField.optional(),
  handler_id: staffIdField.optional(),
  created_from: dayOrInstant.optional(),
  created_to: dayOrInstant.optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

export const orderIdBody = companyScoped.extend({ id: workOrderIdField, version: z.coerce.number().int().nonnegative().max(MAX_ID).optional() });
export const completeBody = orderIdBody.extend({ note: z.string().trim().max(2000).optional() });

/** Public: the application's template by its public key. */
export const templateDataBody = z.object({ app_key: z.string().trim().min(1).max(64) });

export const createWorkBody = z.object({
  app_key: z.string().trim().min(1).max(64),
  form_data: z.record(z.string(), z.unknown()),
  requester_name: z.string().trim().min(1).max(50),
  requester_phone: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{5,20}$/),
  /** A requester who already has an identification keeps it across submissions. */
  ident: z.string().trim().max(64).optional(),
});
