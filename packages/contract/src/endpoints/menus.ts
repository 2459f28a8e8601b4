/** Menus: the platform's menu tree and what a company's roles may be granted (docs/design.md, "Menus"). */
import * as m from '../menus.ts';
import { createdId } from '../organisation.ts';
import { nothing } from '../replies.ts';
import { def, type Endpoint } from './define.ts';
import { z } from 'zod';

const menus = ['menus'];

export const MENU_ENDPOINTS = {
  menuList: def({
    method: 'POST',
    path: '/base/Nav/getnavlist',
    permission: 'nav.query',
    body: m.menuListBody,
    reply: z.array(m.menuRow),
    tags: menus,
    summary: 'Platform: every menu as a tree (disabled and hidden ones too), with the actions each offers',
  }),
  grantableMenus: def({
    method: 'POST',
    path: '/base/nav/getsetnavlist',
    permission: 'role.query',
    body: m.grantableMenusQuery,
    reply: z.array(m.grantableMenu),
    tags: menus,
    summary: "Menus a company's roles may be granted (enabled, outside the platform), as a tree with the actions each offers",
  }),
  menuAdd: def({
    method: 'POST',
    path: '/base/Nav/addnav',
    permission: 'nav.add',
    body: m.menuAddBody,
    reply: createdId,
    tags: menus,
    summary: 'Platform: add a menu (url an internal path or an http(s) link; icon and component from the registries)',
  }),
  menuUpdate: def({
    method: 'POST',
    path: '/base/nav/updatenav',
    permission: { enable: 'nav.enable', disable: 'nav.disable', edit: 'nav.edit' },
    body: m.menuUpdateBody,
    reply: m.menuRow,
    tags: menus,
    summary: 'Platform: change a menu; a built-in menu keeps its key; a menu cannot move under itself',
  }),
  menuDelete: def({
    method: 'POST',
    path: '/base/nav/deletenav',
    permission: 'nav.delete',
    body: m.menuIdBody,
    reply: nothing,
    tags: menus,
    summary: 'Platform: delete a menu and its grants; 409 while it has children or when it is built in',
  }),
  menuStatus: def({
    method: 'POST',
    path: '/base/nav/setnavstatus',
    permission: { enable: 'nav.enable', disable: 'nav.disable' },
    body: m.menuStatusBody,
    reply: nothing,
    tags: menus,
    summary: 'Platform: enable (1) or disable (0) a menu; a disabled menu leaves every navigation at once',
  }),
} as const satisfies Record<string, Endpoint>;
