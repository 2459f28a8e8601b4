/** Handlers of the staff calls; the services own transactions and rules (docs/design.md, "Staff"). */
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const staffHandlers = (s: Services) =>
  defineHandlers({
    staffList: async (q, { req }) => s.staff.list(actorOf(req), q),
    staffSearch: async (q, { req }) => s.staff.search(actorOf(req), q.keyword),
    staffDetail: async (q, { req }) => s.staff.detail(actorOf(req), q.id),
    staffApplications: async (q, { req }) => s.staff.applications(actorOf(req), q.staff_id),
    staffAdd: async (b, { req }) => s.staffChanges.add(actorOf(req), b),
    staffUpdate: async (b, { req }) => s.staffChanges.update(actorOf(req), b),
    staffResetPassword: async (b, { req }) => s.staffChanges.resetPassword(actorOf(req), b.id),
    staffInvite: async (b, { req }) => s.invitations.invite(actorOf(req), b.id),
    staffApplicationsSet: async (q, { req }) => s.staffChanges.setApplications(actorOf(req), q.staff_id, q.application_ids ?? []),
    staffDelete: async (b, { req }) => {
      await s.staffChanges.remove(actorOf(req), b.id);
      return null;
    },
  });
