/** Builds every domain service over one database handle. */
import type { Kysely } from 'kysely';
import type { Dialect } from './db/connect.ts';
import type { DB } from './db/schema.ts';
import { createAccessService } from './modules/access/service.ts';
import { createApplicationService } from './modules/applications/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createRequesterService } from './modules/requester/service.ts';
import { createWorkOrderActions } from './modules/work-orders/actions.ts';
import { createExcelService } from './modules/work-orders/excel.ts';
import { createWorkOrderService } from './modules/work-orders/service.ts';
import { createStatsService } from './modules/work-orders/stats.ts';

export function createServices(db: Kysely<DB>, dialect: Dialect) {
  return {
    db,
    auth: createAuthService(db),
    access: createAccessService(db),
    applications: createApplicationService(db),
    workOrders: createWorkOrderService(db),
    workOrderActions: createWorkOrderActions(db),
    stats: createStatsService(db, dialect),
    excel: createExcelService(db),
    requester: createRequesterService(db),
  };
}
export type Services = ReturnType<typeof createServices>;
