/**
 * Uploads (docs/design.md, "Uploads"): files and images of form fields, sent as multipart
 * (field `file`) by staff (token + company_id) or by requesters (the form's app_key), and
 * fetched back by staff of the company or by the requester of the order that holds them.
 */
import { z } from 'zod';
import { companyIdField } from './ids.ts';
import { UPLOAD_KEY_RE } from './form.ts';
import { identField } from './work-orders.ts';

/** An upload's public id (form.ts: UPLOAD_KEY_RE). */
export const uploadKeyField = z.string().regex(UPLOAD_KEY_RE);

/** Kinds of upload: any allowed file, or an image (re-encoded, with a thumbnail). */
export const UPLOAD_KINDS = ['file', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Image types accepted (never SVG: it can carry script). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Default largest upload, in bytes (UPLOAD_MAX_BYTES changes it). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The reply of an upload: its id, where to fetch it, and what was stored. */
export const uploadReply = z.object({
  fileId: uploadKeyField,
  url: z.string(),
  /** Thumbnail of an image (null for other files). */
  thumbUrl: z.string().nullable(),
  name: z.string(),
  /** Bytes as stored (an image after re-encoding). */
  size: z.number().int(),
  mime: z.string(),
});
export type UploadReply = z.infer<typeof uploadReply>;

/** Fetching an upload: staff send company_id (and their token), a requester the order's ident. */
export const uploadFileQuery = z.object({
  key: uploadKeyField,
  thumb: z.coerce.number().int().min(0).max(1).optional(),
  company_id: companyIdField.optional(),
  ident: identField.optional(),
});
