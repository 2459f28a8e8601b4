/** Handlers of the role calls. */
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const roleHandlers = (s: Services) =>
  defineHandlers({
    roleList: async (q, { req }) => s.roles.list(actorOf(req), q),
    roleAdd: async (b, { req }) => s.roles.add(actorOf(req), b),
    roleUpdate: async ({ id, company_id: _c, ...v }, { req }) => s.roles.update(actorOf(req), id, v),
    roleDelete: async (b, { req }) => (await s.roles.remove(actorOf(req), b.id), null),
  });
