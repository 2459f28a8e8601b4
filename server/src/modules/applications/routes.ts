/** Application calls (SPEC.md section 7, Application). */
import { companyScoped, pagingQuery } from '@swo/contract';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/context.ts';
import type { App } from '../../http/types.ts';

export function applicationRoutes(app: App, s: Services): void {
  app.get(
    '/admin/Application/list',
    { config: { permission: 'application.query' }, schema: { querystring: companyScoped.extend(pagingQuery.shape), tags: ['applications'] } },
    async (req) => ok(await s.applications.list(actorOf(req), req.query)),
  );
}
