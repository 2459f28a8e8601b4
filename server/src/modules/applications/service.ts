/** Applications of the current company (docs/product.md, section 7: Application/list). */
import type { Kysely } from 'kysely';
import type { ApplicationItem, Paged } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import * as repo from './repo.ts';

export function createApplicationService(db: Kysely<DB>) {
  return {
    /** Applications the acting staff member is bound to (`staffApplication`). */
    async boundTo(actor: Actor) {
      return repo.listBoundApplications(db, actor.companyId, actor.staffId);
    },

    async list(actor: Actor, page: { pageNo: number; pageSize: number }): Promise<Paged<ApplicationItem>> {
      const { rows, total } = await repo.listApplications(db, actor.companyId, page);
      return {
        data: rows.map((r) => ({ ...r, category_name: r.category_name ?? null })),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        totalCount: total,
        totalPage: Math.ceil(total / page.pageSize),
      };
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
