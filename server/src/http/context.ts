/**
 * Who is calling: the signed-in user (`req.auth`) and, for company-scoped routes, the
 * staff membership, role and permissions in the requested company (`req.scope`).
 * Every route declares `config.permission`; the guard in guard.ts fills these in.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessRule, GrantedPermission } from '@swo/contract';
import type { Lang } from './messages.ts';
import { errors } from './errors.ts';

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
  /** IANA time zone of the company's days (docs/design.md, "Time"). */
  timeZone: string;
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
    permission?: AccessRule;
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
