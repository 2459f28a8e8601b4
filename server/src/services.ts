/** Builds every domain service over one database handle. */
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import { createAccessService } from './modules/access/service.ts';
import { createApplicationService } from './modules/applications/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createRequesterService } from './modules/requester/service.ts';
import { createWorkOrderService } from './modules/work-orders/service.ts';

export function createServices(db: Kysely<DB>) {
  return {
    auth: createAuthService(db),
    access: createAccessService(db),
    applications: createApplicationService(db),
    workOrders: createWorkOrderService(db),
    requester: createRequesterService(db),
  };
}
export type Services = ReturnType<typeof createServices>;
