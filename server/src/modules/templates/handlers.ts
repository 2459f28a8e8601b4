/**
 * Handlers of the template calls. `is_private` 0 names the platform's library (the guard
 * has applied the platform rule), anything else the company's own templates.
 */
import type { TemplateId } from '@swo/contract';
import type { Services } from '../../services.ts';
import { actorOf, platformActorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

const asTemplateId = (id: number) => id as TemplateId;

export const templateHandlers = (s: Services) =>
  defineHandlers({
    templateLibraryList: async (b, { req }) => s.templates.listLibrary(req.auth?.isPlatformAdmin ?? false, b),
    templatePrivateList: async (b, { req }) => s.templates.listPrivate(actorOf(req), b),
    templateAdd: async ({ is_private, company_id: _c, ...v }, { req }) =>
      is_private === 0 ? s.templates.addLibrary(platformActorOf(req), v) : s.templates.addPrivate(actorOf(req), v),
    templateEdit: async ({ is_private, id, company_id: _c, ...v }, { req }) =>
      is_private === 0 ? s.templates.editLibrary(platformActorOf(req), id, v) : s.templates.editPrivate(actorOf(req), asTemplateId(id), v),
    templateDetail: async ({ is_private, id, version }, { req }) =>
      is_private === 0
        ? s.templates.detailLibrary(req.auth?.isPlatformAdmin ?? false, id, version)
        : s.templates.detailPrivate(actorOf(req), asTemplateId(id), version),
    templateStatus: async ({ is_private, id, status }, { req }) =>
      is_private === 0 ? s.templates.setStatusLibrary(platformActorOf(req), id, status) : s.templates.setStatusPrivate(actorOf(req), asTemplateId(id), status),
    templateLibraryDelete: async (q, { req }) => (await s.templates.removeLibrary(platformActorOf(req), q.id), null),
    templatePrivateDelete: async (q, { req }) => (await s.templates.removePrivate(actorOf(req), asTemplateId(q.id)), null),
    templateAutomatic: async (q, { req, reply }) => {
      // A GET that may change state: never cached by a browser or a proxy.
      void reply.header('cache-control', 'no-store');
      return s.templates.automatic(actorOf(req), asTemplateId(q.id), q.is_automatic);
    },
  });
