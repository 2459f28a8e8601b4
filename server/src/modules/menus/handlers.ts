/** Handlers of the menu calls. */
import type { Services } from '../../services.ts';
import { platformActorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const menuHandlers = (s: Services) =>
  defineHandlers({
    menuList: async (b) => s.menus.list(b.keyword),
    grantableMenus: async () => s.menus.grantable(),
    menuAdd: async (b, { req }) => s.menus.add(platformActorOf(req), b),
    menuUpdate: async ({ id, ...patch }, { req }) => s.menus.update(platformActorOf(req), id, patch),
    menuDelete: async (b, { req }) => (await s.menus.remove(platformActorOf(req), b.id), null),
    menuStatus: async (b, { req }) => (await s.menus.setStatus(platformActorOf(req), b.id, b.status), null),
  });
