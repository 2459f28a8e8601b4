/** The shape of an endpoint-table entry (docs/design.md, "HTTP contract"). */
import type { z } from 'zod';
import type { PermissionCode } from '../permissions.ts';

/**
 * Who may make a call:
 * - `public`: anyone (requester pages, sign-in);
 * - `signedIn`: a valid token, no company needed;
 * - `anyone`: public, but a valid token, when sent, names the caller (who may then see
 *   more, e.g. a platform administrator sees disabled library templates); a missing or
 *   stale token reads as nobody;
 * - `member`: active staff of the `company_id` sent;
 * - `memberOrRequester`: a requester known by the `ident` query parameter, or else as `member`;
 * - `permissionId.action`: a member whose role grants that action;
 * - `{enable, disable}`: a status call, as `permissionId.action` by the status sent;
 *   `{enable, disable, edit}`: an edit that is a status call when it sends only the status;
 * - `{choose, cases, otherwise}`: one documented path serving two kinds of caller, told
 *   apart by one request field (e.g. `is_private` of the template calls).
 */
export type AccessRule = 'public' | 'anyone' | 'signedIn' | 'member' | 'memberOrRequester' | PermissionCode | StatusRule | ChoiceRule;

/**
 * A rule chosen by the value of one request field (body or query), read as text before
 * validation; a field left out reads as `''`. `otherwise` applies to every other value.
 */
export interface ChoiceRule {
  choose: string;
  cases: Readonly<Record<string, AccessRule>>;
  otherwise: AccessRule;
}

/**
 * A status call (`{id, status}`): enabling needs one action, disabling another, chosen by
 * the `status` sent (1 enables, anything else is read as disabling, the stricter side).
 * With `edit`, the call is also an edit: a body with any field besides `company_id`, `id`
 * and `status` needs `edit` instead (the service adds the status action when an edit
 * changes the status).
 */
export interface StatusRule {
  enable: PermissionCode;
  disable: PermissionCode;
  edit?: PermissionCode;
}

/** The reply of a call is not an envelope: a file (Excel) or a stream (live updates). */
export const FILE_REPLY = 'file' as const;

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  aliases?: readonly string[];
  permission: AccessRule;
  /** Query string (GET). */
  query?: z.ZodType;
  /** JSON body (POST). Multipart uploads describe their fields in `summary` instead. */
  body?: z.ZodType;
  multipart?: true;
  /** Schema of the reply's `data`, or FILE_REPLY for downloads. */
  reply: z.ZodType | typeof FILE_REPLY;
  tags: readonly string[];
  summary: string;
  /** The `code` of a successful reply when not 200: uploads answer 0 (k-form-design's widgets expect it). */
  okCode?: 0;
  /** Public calls limited per IP and minute (the server's public rate limit). */
  rateLimited?: true;
  /**
   * Made by the login page or on the way to the first signed-in page: the SPA's first load
   * carries these calls' routes, the rest load with the first other call (docs/design.md,
   * "Login page weight").
   */
  firstScreen?: true;
}

/** Keeps an entry's literal types (method, path, schemas) for the typed server and client. */
export const def = <const E extends Endpoint>(e: E): E => e;
