/**
 * Shapes of the organisation calls (docs/design.md, "Organisation"): departments (a tree),
 * positions, categories and the operation log. Status 1 = enabled, 0 = disabled.
 * Request schemas first, then the replies' `data`.
 */
import { z } from 'zod';
import { companyScoped, dayField, pagingQuery } from './api.ts';
import { categoryIdField, departmentIdField, positionIdField, staffIdField } from './ids.ts';

const int = z.number().int();
const time = z.string();

/** 1 = enabled, 0 = disabled. */
export const statusField = z.coerce.number().int().min(0).max(1);
const name = z.string().trim().min(1).max(64);
const sortValue = z.coerce.number().int().min(0).max(1_000_000);
const sort = sortValue.default(0);
const keyword = z.string().trim().max(64).optional();

// --- departments --------------------------------------------------------------------

export const departmentListQuery = companyScoped.extend({ keyword, status: statusField.optional() });
/** `parent_id` 0 = a root department. */
export const departmentAddBody = companyScoped.extend({
  name,
  parent_id: z.union([z.literal(0), departmentIdField]).default(0),
  leader_staff_id: staffIdField.nullable().optional(),
  sort,
  status: statusField.default(1),
});
/** An edit changes what it sends: a field left out keeps its value (`leader_staff_id` null clears the leader). */
export const departmentEditBody = companyScoped.extend({
  id: departmentIdField,
  name,
  parent_id: z.union([z.literal(0), departmentIdField]).optional(),
  leader_staff_id: staffIdField.nullable().optional(),
  sort: sortValue.optional(),
  status: statusField.optional(),
});
export const departmentIdBody = companyScoped.extend({ id: departmentIdField });
export const departmentStatusBody = departmentIdBody.extend({ status: statusField });

export const department = z.object({
  id: int,
  parent_id: int,
  name: z.string(),
  leader_staff_id: int.nullable(),
  leader_name: z.string().nullable(),
  sort: int,
  status: int,
  /** Active staff directly in this department. */
  staff_count: int,
  created_at: time,
});
export type Department = z.infer<typeof department>;

/** A node of the enabled department tree for pickers (`orglist`): staff counts include descendants. */
export const orgNode = z.object({ id: int, parent_id: int, name: z.string(), staff_count: int, total_staff: int });
export type OrgNode = z.infer<typeof orgNode>;

// --- positions and categories --------------------------------------------------------

export const simpleListQuery = companyScoped.extend(pagingQuery.shape).extend({ keyword, status: statusField.optional() });

export const positionAddBody = companyScoped.extend({ name, sort, status: statusField.default(1) });
/** Edits keep `sort` and `status` when left out. */
export const positionEditBody = companyScoped.extend({ id: positionIdField, name, sort: sortValue.optional(), status: statusField.optional() });
export const positionIdBody = companyScoped.extend({ id: positionIdField });
export const positionStatusBody = positionIdBody.extend({ status: statusField });

export const categoryAddBody = companyScoped.extend({ name, sort, status: statusField.default(1) });
export const categoryEditBody = companyScoped.extend({ id: categoryIdField, name, sort: sortValue.optional(), status: statusField.optional() });
export const categoryIdBody = companyScoped.extend({ id: categoryIdField });
export const categoryStatusBody = categoryIdBody.extend({ status: statusField });

/** A position or a category, with how many use it (staff, or applications and orders). */
export const namedItem = z.object({ id: int, name: z.string(), sort: int, status: int, used_by: int, created_at: time });
export type NamedItem = z.infer<typeof namedItem>;

export const createdId = z.object({ id: int });

// --- operation log ---------------------------------------------------------------------

export const operationLogQuery = companyScoped.extend(pagingQuery.shape).extend({
  module: z.string().trim().max(32).optional(),
  action: z.string().trim().max(32).optional(),
  target_type: z.string().trim().max(32).optional(),
  target_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Username or IP, contains. */
  keyword,
  date_from: dayField.optional(),
  date_to: dayField.optional(),
});

export const operationLogEntry = z.object({
  id: int,
  username: z.string(),
  module: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: int.nullable(),
  /** What changed: `before` and `after` (never a password, hash or token), or other facts. */
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  created_at: time,
});
export type OperationLogEntry = z.infer<typeof operationLogEntry>;
