/** Public requester calls (SPEC.md section 7, Other: /home/Work_Create/*), rate limited per IP. */
import { createWorkBody, templateDataBody } from '@swo/contract';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import type { App } from '../../http/types.ts';

export function requesterRoutes(app: App, s: Services, opts: { rateLimit: number }): void {
  const rateLimit = { max: opts.rateLimit, timeWindow: '1 minute' };
  app.post(
    '/home/Work_Create/templateData',
    { config: { permission: 'public', rateLimit }, schema: { body: templateDataBody, tags: ['requester'] } },
    async (req) => ok(await s.requester.templateData(req.body.app_key)),
  );
  app.post(
    '/home/Work_Create/createWorkNew',
    { config: { permission: 'public', rateLimit }, schema: { body: createWorkBody, tags: ['requester'] } },
    async (req) => ok(await s.requester.create(req.body, req.ip)),
  );
}
