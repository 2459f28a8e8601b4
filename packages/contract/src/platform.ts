/**
 * Shapes of the platform calls (docs/design.md, "Platform"): accounts (global sign-in
 * identities, shown with their companies) and companies (created with a first
 * administrator). Only platform administrators make these calls.
 */
import { z } from 'zod';
import { pagingQuery } from './api.ts';
import { companyIdField, userIdField } from './ids.ts';
import { statusField } from './organisation.ts';
import { accountFields } from './staff.ts';

const int = z.number().int();
const keyword = z.string().trim().max(64).optional();
const flag = z.coerce.number().int().min(0).max(1);
/** A company's own id (not the "none chosen" 0 of a staff call). */
const companyId = companyIdField.refine((v) => v > 0, { message: 'fieldInvalid' });

// --- accounts -----------------------------------------------------------------------

export const accountListQuery = pagingQuery.extend({ keyword, status: statusField.optional() });
/** A new account; without `password` the server generates one and returns it once. */
export const accountAddBody = z.object({
  username: accountFields.username,
  password: accountFields.password.optional(),
  nickname: accountFields.nickname.default(''),
  phone: accountFields.phone.default(''),
  email: accountFields.email.default(''),
  is_platform_admin: flag.default(0),
});
/** An edit changes only the fields it sends. */
export const accountUpdateBody = z.object({
  id: userIdField,
  nickname: accountFields.nickname.optional(),
  phone: accountFields.phone.optional(),
  email: accountFields.email.optional(),
  is_platform_admin: flag.optional(),
});
export const accountStatusBody = z.object({ id: userIdField, status: statusField });
/** A new password set by the platform (changed by its owner at the next sign-in); without one the server generates it. */
export const accountPasswordBody = z.object({ id: userIdField, password: accountFields.password.optional() });

export const accountCompany = z.object({ company_id: int, company_name: z.string(), staff_name: z.string(), role_name: z.string(), status: int });
export const accountItem = z.object({
  id: int,
  username: z.string(),
  nickname: z.string(),
  phone: z.string(),
  email: z.string(),
  status: int,
  is_platform_admin: z.boolean(),
  must_change_password: z.boolean(),
  /** Memberships that are not removed, active or not. */
  companies: z.array(accountCompany),
  created_at: z.string(),
});
export type AccountItem = z.infer<typeof accountItem>;
/** `password` only when the server generated it: shown once. */
export const accountCreated = z.object({ id: int, password: z.string().optional() });
export const passwordSet = z.object({ password: z.string().optional() });

// --- companies ----------------------------------------------------------------------

/** An IANA zone name the runtime knows. */
export const timeZoneField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'timeZone' },
  );

export const companyListQuery = pagingQuery.extend({ keyword, status: statusField.optional() });
/**
 * A new company with its administrator role and first administrator: an existing
 * `admin_username` is linked (its password untouched), a new one gets an account with
 * `admin_password` or a generated one, returned once.
 */
export const companyAddBody = z.object({
  name: z.string().trim().min(1).max(64),
  time_zone: timeZoneField.default('Asia/Shanghai'),
  admin_username: accountFields.username,
  admin_name: z.string().trim().min(1).max(50),
  admin_password: accountFields.password.optional(),
});
/** An edit changes only the fields it sends; `require_admin_2fa` 1 makes the company's administrators enrol two-factor sign-in. */
export const companyUpdateBody = z.object({
  id: companyId,
  name: z.string().trim().min(1).max(64).optional(),
  time_zone: timeZoneField.optional(),
  require_admin_2fa: flag.optional(),
});
export const companyStatusBody = z.object({ id: companyId, status: statusField });

export const companyItem = z.object({
  id: int,
  name: z.string(),
  status: int,
  time_zone: z.string(),
  /** Administrators must enrol two-factor sign-in (docs/design.md, "Two-factor required for administrators"). */
  require_admin_2fa: z.boolean(),
  /** Active staff. */
  staff_count: int,
  /** Names of the active administrators. */
  admins: z.array(z.string()),
  created_at: z.string(),
});
export type CompanyItem = z.infer<typeof companyItem>;
export const companyCreated = z.object({ id: int, admin_user_id: int, linked_existing_account: z.boolean(), password: z.string().optional() });
