/** Handlers of the application and template calls. */
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const applicationHandlers = (s: Services) =>
  defineHandlers({
    applicationList: async (q, { req }) => s.applications.list(actorOf(req), q),
    applicationDetail: async (q, { req }) => s.applications.detail(actorOf(req), q.id),
    applicationAdd: async (b, { req }) => s.applications.add(actorOf(req), b),
    applicationUpdate: async ({ id, company_id: _c, ...v }, { req }) => s.applications.update(actorOf(req), id, v),
    applicationDelete: async (b, { req }) => (await s.applications.remove(actorOf(req), b.id), null),
    applicationUsers: async (q, { req }) => s.applications.boundStaff(actorOf(req), q.application_id),
    applicationBindStaff: async (b, { req }) => s.applications.bindStaff(actorOf(req), b.application_id, b.staff_ids),
    boundApplications: async (_, { req }) => s.applications.boundTo(actorOf(req)),
    applicationCommonTemplates: async () => s.templates.enabledLibrary(),
    applicationTemplateAdd: async (b, { req }) => s.applications.bindTemplate(actorOf(req), b.application_id, b.template_id, b.is_private === 0),
  });
