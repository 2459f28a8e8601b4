/**
 * Shapes of the template calls (docs/design.md, "Templates"). Two kinds share the calls,
 * told apart by `is_private`: common templates (1 = no, 0) are the platform's library,
 * managed by platform administrators and offered (enabled ones) to every company; private
 * templates (the default) are a company's own. A template's form is k-form-design JSON
 * (`{list, config}`); every save of a different form is a new version, and orders keep the
 * version they were made with. Status 1 = enabled, 0 = disabled.
 */
import { z } from 'zod';
import { companyIdField, idField, categoryIdField } from './ids.ts';
import { pagingQuery } from './api.ts';
import { statusField } from './organisation.ts';
import { flag } from './work-orders.ts';

const int = z.number().int();
const keyword = z.string().trim().max(64).optional();
/** Template calls serve platform administrators too, who act on no company. */
const scope = z.object({ company_id: companyIdField.optional() });
/** 1 (default) = the company's private template, 0 = the platform's common one. */
const isPrivate = z.coerce.number().int().min(0).max(1).default(1);

/** Largest form a template may hold (JSON text), so one save cannot bloat every order's version. */
export const MAX_FORM_JSON = 256 * 1024;

/** A form in k-form-design's shape; fields are kept as sent (unknown types survive a save). */
export const formSchema = z
  .object({
    list: z.array(z.record(z.string(), z.unknown())).max(500),
    config: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough()
  .refine((f) => JSON.stringify(f).length <= MAX_FORM_JSON, { message: 'formTooLarge' });

const fields = {
  name: z.string().trim().min(1).max(64),
  description: z.string().trim().max(255),
  category_id: categoryIdField.nullable(),
  needs_review: flag,
  is_automatic: flag,
  sort: z.coerce.number().int().min(0).max(1_000_000),
};

export const templateListQuery = scope.extend(pagingQuery.shape).extend({
  keyword,
  status: statusField.optional(),
  category_id: categoryIdField.optional(),
});

/**
 * A new template. `copy_of` (a common template's id) copies the library's form and
 * settings into the company; fields sent beside it override the copy's.
 */
export const templateAddBody = scope.extend({
  is_private: isPrivate,
  copy_of: idField.optional(),
  name: fields.name.optional(),
  description: fields.description.default(''),
  category_id: fields.category_id.optional(),
  schema: formSchema.optional(),
  needs_review: fields.needs_review.optional(),
  is_automatic: fields.is_automatic.optional(),
  sort: fields.sort.default(0),
  status: statusField.default(1),
});

/** An edit changes what it sends; a `schema` different from the current one is a new version. */
export const templateEditBody = scope.extend({
  is_private: isPrivate,
  id: idField,
  name: fields.name.optional(),
  description: fields.description.optional(),
  category_id: fields.category_id.optional(),
  schema: formSchema.optional(),
  needs_review: fields.needs_review.optional(),
  is_automatic: fields.is_automatic.optional(),
  sort: fields.sort.optional(),
});

/** One template; `version` opens an older version of its form (read-only). */
export const templateDetailBody = scope.extend({ is_private: isPrivate, id: idField, version: idField.optional() });
export const templateStatusBody = scope.extend({ is_private: isPrivate, id: idField, status: statusField });
export const templateIdQuery = scope.extend({ id: idField });
/** `isAutomatic`: reads the setting, or with `is_automatic` sets it. */
export const templateAutomaticQuery = scope.extend({ id: idField, is_automatic: flag.optional() });

export const templateItem = z.object({
  id: int,
  is_private: int,
  name: z.string(),
  description: z.string(),
  category_id: int.nullable(),
  category_name: z.string().nullable(),
  version: int,
  needs_review: z.boolean(),
  is_automatic: z.boolean(),
  status: int,
  sort: int,
  /** The common template a private one was copied from. */
  source_id: int.nullable(),
  /** Applications using it (private templates; 0 for common ones). */
  used_by: int,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateItem = z.infer<typeof templateItem>;

export const templateVersion = z.object({ version: int, created_at: z.string() });

/** A template with the form of the version asked for (the current one by default). */
export const templateDetail = templateItem.extend({
  schema: z.unknown(),
  /** The version whose form `schema` is; older than `version` means read-only. */
  shown_version: int,
  versions: z.array(templateVersion),
});
export type TemplateDetail = z.infer<typeof templateDetail>;
