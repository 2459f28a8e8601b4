/**
 * Requester calls (public; SPEC.md section 7: /home/Work_Create/*, Applet, Work/withdraw),
 * rate limited per IP. The requester is identified by `ident`.
 */
import { appletQuery, createWorkBody, editWorkBody, templateDataBody, withdrawQuery } from '@swo/contract';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';

const tags = ['requester'];

export function requesterRoutes(app: App, s: Services, opts: { rateLimit: number }): void {
  const rateLimit = { max: opts.rateLimit, timeWindow: '1 minute' };
  const config = { permission: 'public' as const, rateLimit };
  app.post('/home/Work_Create/templateData', { config, schema: { body: templateDataBody, tags } }, async (req) => ok(await s.requester.templateData(req.body.app_key)));
  app.post('/home/Work_Create/createWorkNew', { config, schema: { body: createWorkBody, tags } }, async (req) => ok(await s.requester.create(req.body, req.ip)));
  app.post('/home/Work_Create/editWorkNew', { config, schema: { body: editWorkBody, tags } }, async (req) => ok(await s.requester.editAndResubmit(req.body, req.ip)));
  // Without `id`: the requester's orders; with it: one order's read-only view.
  app.get('/admin/Applet/applet_work_order_see', { config, schema: { querystring: appletQuery, tags } }, async (req) =>
    ok(req.query.id ? await s.requester.view(req.query.ident, req.query.id) : await s.requester.list(req.query.ident)),
  );
  // Withdraw: the creating staff member (token + company_id) or the requester (ident).
  app.get('/admin/Work/withdraw', { config: { permission: 'memberOrRequester', rateLimit }, schema: { querystring: withdrawQuery, tags } }, async (req) => {
    if (req.query.ident) {
      await s.requester.withdraw(req.query.ident, req.query.id, req.ip);
      return ok(null);
    }
    if (req.auth) return ok(await s.workOrderActions.act(actorOf(req), req.query.id, 'withdraw'));
    throw errors.notSignedIn();
  });
}
