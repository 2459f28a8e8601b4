/**
 * Shapes of the role calls (docs/design.md, "Roles"): a role's grants are
 * `[{permissionId, actions}]` as `/user/info` returns them, plus its data scope.
 */
import { z } from 'zod';
import { companyScoped, pagingQuery } from './api.ts';
import { roleIdField } from './ids.ts';
import { statusField } from './organisation.ts';
import { ACTION_KEYS, DATA_SCOPES } from './permissions.ts';

const int = z.number().int();

export const rolePermissionsField = z
  .array(z.object({ permissionId: z.string().trim().min(1).max(64), actions: z.array(z.enum(ACTION_KEYS)).max(ACTION_KEYS.length) }))
  .max(100);

export const roleListQuery = companyScoped.extend(pagingQuery.shape).extend({ keyword: z.string().trim().max(64).optional() });

export const roleAddBody = companyScoped.extend({
  name: z.string().trim().min(1).max(64),
  description: z.string().trim().max(255).default(''),
  status: statusField.default(1),
  data_scope: z.enum(DATA_SCOPES).default('company'),
  permissions: rolePermissionsField.default([]),
});
/** An edit changes only the fields it sends. */
export const roleUpdateBody = companyScoped.extend({
  id: roleIdField,
  name: z.string().trim().min(1).max(64).optional(),
  description: z.string().trim().max(255).optional(),
  status: statusField.optional(),
  data_scope: z.enum(DATA_SCOPES).optional(),
  permissions: rolePermissionsField.optional(),
});
export const roleIdBody = companyScoped.extend({ id: roleIdField });

export const roleItem = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  is_admin: z.boolean(),
  status: int,
  data_scope: z.enum(DATA_SCOPES),
  /** Staff holding the role (removed staff not counted). */
  member_count: int,
  permissions: z.array(z.object({ permissionId: z.string(), actions: z.array(z.string()) })),
  created_at: z.string(),
});
export type RoleItem = z.infer<typeof roleItem>;
