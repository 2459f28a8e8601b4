/** Handlers of the requester calls (public, limited per IP); the requester is known by `ident`. */
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';
import { errors } from '../../http/errors.ts';

export const requesterHandlers = (s: Services) =>
  defineHandlers({
    templateData: async (body) => s.requester.templateData(body.app_key),
    submitWorkOrder: async (body, { req }) => s.requester.create(body, req.ip, req.lang),
    editAndResubmit: async (body, { req }) => s.requester.editAndResubmit(body, req.ip, req.lang),
    // Without `id`: the requester's orders; with it: one order's read-only view.
    requesterOrders: async (q) => (q.id ? s.requester.view(q.ident, q.id) : s.requester.list(q.ident)),
    // The creating staff member (token + company_id) or the requester (ident).
    withdraw: async (q, { req }) => {
      if (q.ident) {
        await s.requester.withdraw(q.ident, q.id, req.ip);
        return null;
      }
      if (req.auth) return s.workOrderActions.act(actorOf(req), q.id, 'withdraw');
      throw errors.notSignedIn();
    },
  });
