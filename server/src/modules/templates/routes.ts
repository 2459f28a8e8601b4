/** Template calls (SPEC.md section 7, Template); issue 3 needs `isAutomatic`. */
import { orderIdQuery } from '@swo/contract';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/context.ts';
import type { App } from '../../http/types.ts';

export function templateRoutes(app: App, s: Services): void {
  // Whether new orders of the template are dispatched automatically.
  app.get('/admin/template/isAutomatic', { config: { permission: 'member' }, schema: { querystring: orderIdQuery, tags: ['templates'] } }, async (req) => {
    const t = await s.workOrders.kindDetail(actorOf(req), req.query.id);
    return ok({ id: t.id, is_automatic: t.is_automatic });
  });
}
