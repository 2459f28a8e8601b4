/**
 * Builds every domain service over one database handle, and the Redis of REDIS_URL when set
 * (login throttles, SMS send limits, idempotency keys and PostgreSQL's live events go there;
 * docs/design.md, "Scale").
 */
import type { Kysely } from 'kysely';
import type { Dialect } from './db/connect.ts';
import type { DB } from './db/schema.ts';
import type { SharedRedis } from './db/redis.ts';
import { createLoginThrottle } from './modules/auth/throttle.ts';
import { windowCounts } from './modules/maintenance/window-counts.ts';
import { createIdempotency } from './modules/work-orders/idempotency.ts';
import { createAccessService } from './modules/access/service.ts';
import { createAccountProfile } from './modules/account/profile.ts';
import { createAccountCenter } from './modules/account/service.ts';
import { createApplicationService } from './modules/applications/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createQrLogin } from './modules/auth/qr.ts';
import { createSessions } from './modules/auth/sessions.ts';
import { createTwoFactor } from './modules/auth/two-factor.ts';
import { createSmsAuth } from './modules/auth/sms.ts';
import { createSmsProvider, type SmsConfig } from './modules/sms/provider.ts';
import { createSmsCodes } from './modules/sms/service.ts';
import { createLiveBus } from './modules/live/bus.ts';
import { createLiveService } from './modules/live/service.ts';
import { createMenuService } from './modules/menus/service.ts';
import { createNotificationService } from './modules/notifications/service.ts';
import { createAccountService } from './modules/platform/accounts.ts';
import { createCompanyService } from './modules/platform/companies.ts';
import { createOperationLogService } from './modules/operation-log/service.ts';
import { createCategoryService, createPositionService } from './modules/organisation/catalogues.ts';
import { createDepartmentService } from './modules/organisation/departments.ts';
import { createRequesterService } from './modules/requester/service.ts';
import { createRoleService } from './modules/roles/service.ts';
import { createStaffChanges } from './modules/staff/changes.ts';
import { createInvitations } from './modules/staff/invitations.ts';
import { createStaffService } from './modules/staff/service.ts';
import { createTemplateService } from './modules/templates/service.ts';
import { createUploadService, type UploadOptions } from './modules/uploads/service.ts';
import { createWorkOrderActions } from './modules/work-orders/actions.ts';
import { createExcelService } from './modules/work-orders/excel.ts';
import { createWorkOrderService } from './modules/work-orders/service.ts';
import { createStatsService } from './modules/work-orders/stats.ts';

/** How SMS goes out, and where its notes and delivery failures are logged. */
export interface SmsOptions {
  config: SmsConfig;
  log: (msg: string) => void;
  onDeliveryError: (err: Error) => void;
}

/** Live updates (docs/design.md, "Live updates"): where PostgreSQL's LISTEN connects, timings, error report. */
export interface LiveOptions {
  databaseUrl?: string;
  heartbeatMs?: number;
  pollMs?: number;
  onError: (err: unknown) => void;
}

export function createServices(db: Kysely<DB>, dialect: Dialect, uploads: UploadOptions, sms: SmsOptions, live: LiveOptions, redis: SharedRedis | null = null) {
  const throttle = createLoginThrottle(redis);
  const smsCodes = createSmsCodes(db, createSmsProvider(sms.config, db, sms.log), sms.onDeliveryError, throttle, windowCounts(redis));
  const auth = createAuthService(db, throttle);
  const access = createAccessService(db);
  const bus = createLiveBus({ db, dialect, databaseUrl: live.databaseUrl, redis, pollMs: live.pollMs, onError: live.onError });
  return {
    db,
    auth,
    smsCodes,
    smsAuth: createSmsAuth(db, smsCodes),
    qrLogin: createQrLogin(db),
    twoFactor: createTwoFactor(db, throttle),
    sessions: createSessions(db),
    accountCenter: createAccountCenter(db),
    accountProfile: createAccountProfile(db, smsCodes, uploads.dir),
    notifications: createNotificationService(db),
    access,
    live: createLiveService(db, bus, auth, access, { heartbeatMs: live.heartbeatMs, onError: live.onError }),
    applications: createApplicationService(db),
    workOrders: createWorkOrderService(db),
    workOrderActions: createWorkOrderActions(db),
    idempotency: createIdempotency(db, redis),
    stats: createStatsService(db, dialect),
    excel: createExcelService(db),
    requester: createRequesterService(db),
    roles: createRoleService(db),
    menus: createMenuService(db),
    accounts: createAccountService(db),
    companies: createCompanyService(db),
    departments: createDepartmentService(db),
    positions: createPositionService(db),
    categories: createCategoryService(db),
    operationLog: createOperationLogService(db),
    staff: createStaffService(db),
    staffChanges: createStaffChanges(db),
    invitations: createInvitations(db),
    templates: createTemplateService(db),
    uploads: createUploadService(db, uploads),
  };
}
export type Services = ReturnType<typeof createServices>;
