/** Uploads of form fields (docs/design.md, "Uploads"): two documented calls and our download. */
import { FILE_REPLY, def, type Endpoint } from './define.ts';
import * as u from '../uploads.ts';

const tags = ['uploads'];
const who =
  'multipart fields: company_id (staff, with their token) or app_key (a requester filling in that form), then file; 10 MB by default; answers code 0 as the form designer widgets expect';

export const UPLOAD_ENDPOINTS = {
  uploadFile: def({
    method: 'POST',
    path: '/admin/Upload/uploadFileTwo',
    permission: 'anyone',
    multipart: true,
    okCode: 0,
    rateLimited: true,
    reply: u.uploadReply,
    tags,
    summary: `Upload a file of a form field; its content must match its name's type (${who})`,
  }),
  uploadImage: def({
    method: 'POST',
    path: '/admin/Upload/uploadTwo',
    permission: 'anyone',
    multipart: true,
    okCode: 0,
    rateLimited: true,
    reply: u.uploadReply,
    tags,
    summary: `Upload an image (JPEG, PNG, GIF or WebP; no SVG): re-encoded without its EXIF data, with a thumbnail (${who})`,
  }),
  uploadDownload: def({
    method: 'GET',
    path: '/admin/Upload/file',
    permission: 'anyone',
    query: u.uploadFileQuery,
    reply: FILE_REPLY,
    tags,
    summary:
      'An uploaded file (thumb=1: an image thumbnail), for staff of its company (company_id + token) or the requester of the order that holds it (ident); other files as attachments, with nosniff',
  }),
} as const satisfies Record<string, Endpoint>;
