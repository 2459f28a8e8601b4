/**
 * Who is calling: the signed-in user (`req.auth`) and, for company-scoped routes, the
 * staff membership, role and permissions in the requested company (`req.scope`).
 * Every route declares `config.permission`; the guard in guard.ts fills these in.
 */
import type { FastifyRequest } from 'fastify';
import type { GrantedPermission, PermissionCode } from '@swo/contract';
import type { Lang } from './messages.ts';
import { errors } from './errors.ts';

/**
 * - `public`: anyone (requester pages, login);
 * - `signedIn`: a valid token, no company needed;
 * - `member`: active staff of the `company_id` sent;
 * - `memberOrRequester`: public when the query carries the requester's `ident` (or no
 *   token is sent: the service then requires the ident), otherwise as `member`;
 * - `permissionId.action`: member whose role grants that action.
 */
export type RoutePermission = 'public' | 'signedIn' | 'member' | 'memberOrRequester' | PermissionCode;

export interface AuthContext {
  userId: number;
  username: string;
  nickname: string;
  sessionId: number;
  isPlatformAdmin: boolean;
}

export interface CompanyScope {
  companyId: number;
  companyName: string;
  staffId: number;
  staffName: string;
  roleId: number;
  roleName: string;
  isAdmin: boolean;
  permissions: GrantedPermission[];
}

/** What services need to know about the acting staff member. */
export interface Actor extends CompanyScope {
  userId: number;
  username: string;
  ip: string;
  /** Language of messages written for this caller (batch results, field errors). */
  lang: Lang;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    scope: CompanyScope | null;
    lang: Lang;
  }
}

export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw errors.notSignedIn();
  return req.auth;
}

export function actorOf(req: FastifyRequest): Actor {
  const auth = authOf(req);
  if (!req.scope) throw errors.notMember();
  return { ...req.scope, userId: auth.userId, username: auth.username, ip: req.ip, lang: req.lang };
}
