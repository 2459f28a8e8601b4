/**
 * The one hook that enforces `config.permission` on every route (docs/design.md, "HTTP
 * contract"): token -> session -> user, then `company_id` -> active staff membership ->
 * role permissions. It runs before body validation so an unsigned caller gets code 101, not
 * field errors. A route without a declared permission is refused (and fails a test).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, companyIdField, isPlatformCode, type AccessRule, type CompanyId } from '@swo/contract';
import type { Services } from '../services.ts';
import { errors } from './errors.ts';
import { pickLang } from './messages.ts';
import { EpochCheck, StaleEpoch } from '../lib/epoch-cache.ts';

export function readToken(req: FastifyRequest): string | null {
  const h = req.headers.token;
  if (typeof h === 'string' && h.trim()) return h.trim();
  const a = req.headers.authorization;
  if (typeof a === 'string' && a.startsWith('Bearer ')) return a.slice(7).trim() || null;
  return null;
}

export function requestedCompanyId(req: FastifyRequest): CompanyId | null {
  let fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).company_id : undefined;
  // multipart fields arrive as {value}
  if (fromBody && typeof fromBody === 'object' && 'value' in fromBody) fromBody = fromBody.value;
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.company_id;
  const parsed = companyIdField.safeParse(fromBody ?? fromQuery);
  return parsed.success && parsed.data > 0 ? parsed.data : null;
}

/** Whether the body of an edit-or-status call carries more than the id and the status (then it is an edit). */
function isEdit(req: FastifyRequest): boolean {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return Object.keys(body).some((k) => k !== 'company_id' && k !== 'id' && k !== 'status');
}

/**
 * Calls a user who must change a reset password may still make (docs/design.md, "Staff"):
 * the password change itself, logout and the user's info.
 */
// What the SPA needs to reach the change-password dialog: the company list, user info, sign out.
const WHILE_PASSWORD_MUST_CHANGE = new Set(['changePassword', 'signOut', 'userInfo', 'companyList']);

/**
 * Calls an administrator who owes a two-factor enrolment may still make (docs/design.md,
 * "Two-factor required for administrators"): the enrolment itself, logout, and what the SPA
 * needs to reach the enrolment screen (the company list and user info, which says it is owed).
 */
const WHILE_TWO_FACTOR_ENROL_OWED = new Set(['totpBegin', 'totpConfirm', 'signOut', 'userInfo', 'companyList']);

/** The `status` a status call asks for, read before validation (1 enables; anything else is treated as disabling). */
function requestedStatus(req: FastifyRequest): number {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return Number(body.status) === 1 ? 1 : 0;
}

/** The value of one request field as text (body first, then query), `''` when absent. */
function requestField(req: FastifyRequest, name: string): string {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const query = (req.query as Record<string, unknown> | undefined) ?? {};
  const v = body[name] ?? query[name];
  if (v === undefined || v === null) return '';
  // Only scalars choose a case; anything else is a value no case names.
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '?';
}

/** A choice rule resolved to the rule of its case (nested choices too); other rules as they are. */
export function resolveChoice(rule: AccessRule, field: (name: string) => string): Exclude<AccessRule, { choose: string }> {
  if (typeof rule === 'string' || !('choose' in rule)) return rule;
  const value = field(rule.choose);
  return resolveChoice(Object.hasOwn(rule.cases, value) ? rule.cases[value] : rule.otherwise, field);
}

/**
 * Calls admitted under an assumed auth epoch (docs/design.md, "Assumed epoch"): reads only,
 * since a stale epoch runs the handler again, and never a file reply (its handler sends the
 * reply before the endpoint wrapper could confirm). The list reads the epoch in its page's
 * (or keyword matches') own statement, the detail in its order's, the reminder in its
 * count's, a round trip less on PostgreSQL; the endpoint wrapper confirms it otherwise.
 */
const ASSUMES_EPOCH = new Set(['workOrderList', 'workOrderDetail', 'awaitingAssignment']);

/** What the endpoint wrapper (http/endpoints.ts) asks of the guard about an assumed epoch. */
export interface Admission {
  /** Admits `req` again under the auth epoch read now (its handler found the assumed one stale). */
  readmit(req: FastifyRequest): Promise<void>;
  /**
   * Runs `handler` and then confirms the epoch `req` assumed, when the handler did not, by a
   * read: its answer and its refusal alike (a 404 may come of a data scope since widened).
   * Throws StaleEpoch if the epoch moved on.
   */
  settled<T>(req: FastifyRequest, handler: () => Promise<T>): Promise<T>;
  /**
   * Before an error its handler never saw is answered (a validation error): confirms the
   * epoch `req` assumed, if any and not yet read; when it moved on, admits `req` again, which
   * throws the refusal the epoch read now gives (not signed in, 403), if any.
   */
  confirmed(req: FastifyRequest): Promise<void>;
}

/** Registers the hook; returns what the endpoint wrapper needs to finish a request admitted under an assumed epoch. */
export function registerGuard(app: FastifyInstance, services: Services): Admission {
  app.decorateRequest('auth', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('epochCheck', null);

  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLang(req.headers.lang, req.headers['accept-language']);
    done();
  });

  /** The checks of the hook; `mayAssume`: the epoch may be the newest this process read. */
  async function admit(req: FastifyRequest, mayAssume: boolean): Promise<void> {
    req.auth = null;
    req.scope = null;
    req.epochCheck = null;
    const declared = req.routeOptions.config?.permission;
    if (!declared) {
      // Static files and 404s have no permission; API routes must declare one.
      if (req.routeOptions.url && req.routeOptions.url.startsWith('/index.php')) throw errors.forbidden();
      return;
    }
    const permission = resolveChoice(declared, (name) => requestField(req, name));
    if (permission === 'public') return;
    const token = readToken(req);
    if (permission === 'anyone') {
      // The caller is named when the token is good; otherwise the call goes on as public.
      if (token) req.auth = await services.auth.authenticate(token, await services.auth.epoch());
      return;
    }
    // A requester's `ident` decides, even if the browser also holds a staff token.
    const ident = (req.query as Record<string, unknown> | undefined)?.ident;
    if (permission === 'memberOrRequester' && (!token || (typeof ident === 'string' && ident))) return;
    const endpoint = req.routeOptions.config.endpoint ?? '';
    // One read of the auth epoch per request keys the session and scope caches (docs/design.md,
    // "Caller cache"), or none where the epoch may be assumed ("Assumed epoch").
    const assumed = token && mayAssume && ASSUMES_EPOCH.has(endpoint) ? services.auth.knownEpoch() : undefined;
    const epoch = token ? (assumed ?? (await services.auth.epoch())) : 0;
    if (assumed !== undefined) req.epochCheck = new EpochCheck(assumed);
    const auth = token ? await services.auth.authenticate(token, epoch) : null;
    if (!auth) throw errors.notSignedIn();
    req.auth = auth;
    services.sessions.touch(auth.sessionId);
    if (auth.mustChangePassword && !WHILE_PASSWORD_MUST_CHANGE.has(endpoint)) throw errors.mustChangePassword();
    // Never with the above: a reset password comes first (enrol-owed-repo.ts).
    if (auth.twoFactorEnrolOwed && !WHILE_TWO_FACTOR_ENROL_OWED.has(endpoint)) throw errors.twoFactorEnrolRequired();
    if (permission === 'signedIn') return;
    const code =
      permission === 'member' || permission === 'memberOrRequester'
        ? null
        : typeof permission === 'string'
          ? permission
          : permission.edit && isEdit(req)
            ? permission.edit
            : requestedStatus(req) === 1
              ? permission.enable
              : permission.disable;
    // Platform calls (menus, accounts, companies) act on no company: the account's flag decides.
    if (code && isPlatformCode(code)) {
      if (!auth.isPlatformAdmin) throw errors.forbidden();
      return;
    }
    const companyId = requestedCompanyId(req);
    if (!companyId) throw errors.notMember();
    const scope = await services.access.scopeFor(auth.userId, companyId, epoch);
    if (!scope) throw errors.notMember();
    req.scope = scope;
    if (!code) return;
    if (!scope.isAdmin && !can(scope.permissions, code)) throw errors.forbidden();
  }

  app.addHook('preValidation', async (req) => {
    try {
      await admit(req, true);
    } catch (error) {
      // A refusal is answered only under an epoch read for it: what was cached under the
      // assumed one may be a password since changed or a role since granted.
      if (!req.epochCheck) throw error;
      await admit(req, false);
    }
  });
  /**
   * Confirms by a read the epoch `req` assumed, unless nothing was assumed or it was read
   * already (also when that read found it stale: the request reruns or is admitted again
   * anyway). Throws StaleEpoch if it moved on.
   */
  async function confirmByRead(req: FastifyRequest): Promise<void> {
    if (req.epochCheck && !req.epochCheck.checked) req.epochCheck.confirm(await services.auth.epoch());
  }
  return {
    readmit: (req) => admit(req, false),
    async confirmed(req) {
      try {
        await confirmByRead(req);
      } catch (error) {
        if (!(error instanceof StaleEpoch)) throw error;
        await admit(req, false);
      }
    },
    async settled(req, handler) {
      try {
        return await handler();
      } finally {
        await confirmByRead(req);
      }
    },
  };
}
