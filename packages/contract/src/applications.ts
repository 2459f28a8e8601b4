/**
 * Shapes of the application administration calls (docs/design.md, "Applications"): an
 * application is a service channel with a public link `/input?app=KEY` whose form is its
 * template. Status 1 = enabled, 0 = disabled.
 */
import { z } from 'zod';
import { companyScoped, pagingQuery } from './api.ts';
import { applicationIdField, categoryIdField, idField, staffIdField, templateIdField } from './ids.ts';
import { statusField } from './organisation.ts';
import { flag } from './work-orders.ts';

export const applicationListQuery = companyScoped.extend(pagingQuery.shape).extend({
  keyword: z.string().trim().max(64).optional(),
  status: statusField.optional(),
  category_id: categoryIdField.optional(),
});

export const applicationAddBody = companyScoped.extend({
  name: z.string().trim().min(1).max(64),
  description: z.string().trim().max(255).default(''),
  template_id: templateIdField,
  category_id: categoryIdField.nullable().optional(),
  status: statusField.default(1),
});

/** An update changes only what it sends; `reset_key: 1` replaces the public key (the old link stops working). */
export const applicationUpdateBody = companyScoped.extend({
  id: applicationIdField,
  name: z.string().trim().min(1).max(64).optional(),
  description: z.string().trim().max(255).optional(),
  template_id: templateIdField.optional(),
  category_id: categoryIdField.nullable().optional(),
  status: statusField.optional(),
  reset_key: flag.optional(),
});

/** `template_add`: the template to bind; `is_private` 0 names a common template, copied into the company first. */
export const applicationTemplateBody = companyScoped.extend({
  application_id: applicationIdField,
  template_id: idField,
  is_private: z.coerce.number().int().min(0).max(1).default(1),
});

export const applicationIdParams = companyScoped.extend({ id: applicationIdField });

/** `user_list`: the staff bound to an application. */
export const applicationUsersQuery = companyScoped.extend({ application_id: applicationIdField });
/** `application_binding_user`: the full set of staff to bind (the application side of the binding). */
export const applicationBindBody = companyScoped.extend({ application_id: applicationIdField, staff_ids: z.array(staffIdField).max(1000) });
export const boundStaff = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  department_name: z.string().nullable(),
  status: z.number().int(),
});
export type BoundStaff = z.infer<typeof boundStaff>;
