/** Handlers of the person's notifications and notification settings (docs/design.md, "Notifications"). */
import type { Services } from '../../services.ts';
import { actorOf, authOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const notificationHandlers = (s: Services) =>
  defineHandlers({
    notificationList: async (q, { req }) => s.notifications.list(actorOf(req), q),
    notificationRead: async (body, { req }) => s.notifications.read(actorOf(req), body),
    notificationSettings: async (_, { req }) => s.notifications.settings(authOf(req)),
    notificationSettingsSave: async (body, { req }) => s.notifications.saveSettings(authOf(req), body, req.ip),
  });
