/**
 * Who is calling: the signed-in user (`req.auth`) and, for company-scoped routes, the
 * staff membership, role and permissions in the requested company (`req.scope`).
 * Every route declares `config.permission`; the guard in guard.ts fills these in.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessRule, ApplicationId, CompanyId, DataScope, DepartmentId, GrantedPermission, RoleId, StaffId, UserId } from '@swo/contract';
import type { Lang } from './messages.ts';
import { errors } from './errors.ts';
import type { EpochCheck } from '../lib/epoch-cache.ts';

export interface AuthContext {
  userId: UserId;
  username: string;
  nickname: string;
  sessionId: number;
  isPlatformAdmin: boolean;
  /** The password was reset: only its change, logout and user info are allowed (docs/design.md, "Staff"). */
  mustChangePassword: boolean;
  /**
   * An administrator of a company requiring two-factor sign-in has none yet: only enrolling,
   * logout and what the SPA needs to show the enrolment are allowed (docs/design.md,
   * "Two-factor required for administrators"). Read with the session on every call.
   */
  twoFactorEnrolOwed: boolean;
}

export interface CompanyScope {
  companyId: CompanyId;
  companyName: string;
  /** IANA time zone of the company's days (docs/design.md, "Time"). */
  timeZone: string;
  staffId: StaffId;
  staffName: string;
  roleId: RoleId;
  roleName: string;
  isAdmin: boolean;
  /** Which orders the member sees (docs/design.md, "Data scope"); administrators see the company's. */
  dataScope: DataScope;
  /** The member's department, the root of a `department` scope. */
  departmentId: DepartmentId | null;
  permissions: GrantedPermission[];
  /** Applications the member is bound to (may claim orders of; docs/design.md, "Caller cache"). */
  boundApplications: ReadonlySet<ApplicationId>;
  /**
   * The auth epoch this scope was read under (undefined when read without one): what the
   * caches of the request may be keyed by (work-orders/names.ts; docs/design.md, "Caller cache").
   */
  epoch?: number;
}

/** What services need to know about the acting staff member. */
export interface Actor extends CompanyScope {
  userId: UserId;
  username: string;
  ip: string;
  /** Language of messages written for this caller (batch results, field errors). */
  lang: Lang;
  /**
   * Set when `epoch` was assumed, not read (docs/design.md, "Assumed epoch"): a service whose
   * own statement read the epoch confirms it there, before using what is cached under it.
   */
  epochCheck?: EpochCheck | null;
}

/**
 * Confirms the epoch `actor` assumed with `read`, the epoch a service's own statement read
 * beside its rows (undefined where it read none), before anything cached under the assumed
 * epoch is used (docs/design.md, "Assumed epoch"). Throws StaleEpoch if it moved on.
 */
export function confirmEpochRead(actor: Actor, read: number | undefined): void {
  if (read !== undefined) actor.epochCheck?.confirm(read);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    scope: CompanyScope | null;
    lang: Lang;
    /** Set when the auth epoch of `auth` and `scope` was assumed, not read (http/guard.ts); confirmed by the end of the handler. */
    epochCheck: EpochCheck | null;
  }
}

export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw errors.notSignedIn();
  return req.auth;
}

/** A platform administrator making a platform call (no company scope). */
export interface PlatformActor {
  userId: UserId;
  username: string;
  ip: string;
  lang: Lang;
}

/** The caller of a platform route; the guard has checked the platform flag, this checks it again. */
export function platformActorOf(req: FastifyRequest): PlatformActor {
  const auth = authOf(req);
  if (!auth.isPlatformAdmin) throw errors.forbidden();
  return { userId: auth.userId, username: auth.username, ip: req.ip, lang: req.lang };
}

export function actorOf(req: FastifyRequest): Actor {
  const auth = authOf(req);
  if (!req.scope) throw errors.notMember();
  return { ...req.scope, userId: auth.userId, username: auth.username, ip: req.ip, lang: req.lang, epochCheck: req.epochCheck };
}
