/**
 * Shapes of the staff calls (docs/design.md, "Staff"): a member of a company (name, job
 * number, department, position, role, status) together with the global account it signs in
 * with (username, nickname, phone, email). Status 1 = active, 0 = disabled.
 * Request schemas first, then the replies' `data`.
 */
import { z } from 'zod';
import { companyScoped, pagingQuery } from './api.ts';
import { applicationIdField, departmentIdField, positionIdField, roleIdField, staffIdField } from './ids.ts';
import { statusField } from './organisation.ts';

const int = z.number().int();
const time = z.string();

const name = z.string().trim().min(1).max(50);
const jobNumber = z.string().trim().min(1).max(32);
/** Account names: letters, digits and `._@-` (they are typed at sign-in). */
const username = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/);
const nickname = z.string().trim().max(64);
const phone = z
  .string()
  .trim()
  .regex(/^[0-9+\-() ]{0,20}$/);
const email = z.union([z.literal(''), z.string().trim().max(128).pipe(z.email())]);
const password = z.string().min(8).max(128);

/** Fields of an account, shared by staff and the platform's account calls. */
export const accountFields = { username, nickname, phone, email, password };

export const staffAddBody = companyScoped.extend({
  name,
  job_number: jobNumber,
  department_id: departmentIdField.nullable().optional(),
  position_id: positionIdField.nullable().optional(),
  role_id: roleIdField,
  status: statusField.default(1),
  username,
  nickname: nickname.optional(),
  phone: phone.optional(),
  email: email.optional(),
  /** Only for a new account; left out, one is generated and returned once. */
  password: password.optional(),
});

/** Any field left out stays as it is; a body of only `{id, status}` is an enable/disable. */
export const staffUpdateBody = companyScoped.extend({
  id: staffIdField,
  name: name.optional(),
  job_number: jobNumber.optional(),
  department_id: departmentIdField.nullable().optional(),
  position_id: positionIdField.nullable().optional(),
  role_id: roleIdField.optional(),
  status: statusField.optional(),
  username: username.optional(),
  nickname: nickname.optional(),
  phone: phone.optional(),
  email: email.optional(),
});

export const staffIdBody = companyScoped.extend({ id: staffIdField });
export const staffIdQuery = companyScoped.extend({ id: staffIdField });

export const staffListQuery = companyScoped.extend(pagingQuery.shape).extend({
  department_id: departmentIdField.optional(),
  position_id: positionIdField.optional(),
  role_id: roleIdField.optional(),
  status: statusField.optional(),
  /** Name, username or job number, contains. */
  keyword: z.string().trim().max(64).optional(),
});

export const staffSearchQuery = companyScoped.extend({ keyword: z.string().trim().max(64).optional() });

/** Application ids as a query string sends them: repeated, or comma-separated. */
const applicationIdList = z
  .union([z.string().max(4000), z.array(z.string().max(20)).max(200)])
  .transform((v): unknown[] => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(applicationIdField).max(200));

export const staffApplicationQuery = companyScoped.extend({ staff_id: staffIdField });
/** The full set of applications the member handles (replaces the bindings); none = unbind all. */
export const staffApplicationSetQuery = staffApplicationQuery.extend({ application_ids: applicationIdList.optional() });

// --- replies ---------------------------------------------------------------------------

export const staffRow = z.object({
  id: int,
  name: z.string(),
  username: z.string(),
  nickname: z.string(),
  phone: z.string(),
  email: z.string(),
  job_number: z.string(),
  department_id: int.nullable(),
  department_name: z.string().nullable(),
  position_id: int.nullable(),
  position_name: z.string().nullable(),
  role_id: int,
  role_name: z.string(),
  status: int,
  created_at: time,
});
export type StaffRow = z.infer<typeof staffRow>;

export const staffDetail = staffRow.extend({ application_ids: z.array(int) });
export type StaffDetail = z.infer<typeof staffDetail>;

/** A new member; `password` only when one was generated (shown once, never stored in clear). */
export const staffAdded = z.object({ id: int, user_id: int, linked_existing_account: z.boolean(), password: z.string().optional() });
export const passwordReset = z.object({ password: z.string() });

export const staffPick = z.object({ id: int, name: z.string(), job_number: z.string(), department_name: z.string().nullable() });
export const staffApplication = z.object({ id: int, name: z.string(), status: int, bound: z.boolean() });
export type StaffApplication = z.infer<typeof staffApplication>;
