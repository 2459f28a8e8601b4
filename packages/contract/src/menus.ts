/**
 * Shapes of the menu calls (docs/design.md, "Menus"): menus are global and managed by
 * platform administrators; `getsetnavlist` shows a company's role editor which menus and
 * actions it may grant. Icons and components come from the registries below, so a menu
 * cannot name an icon the SPA does not bundle or a page it does not have.
 */
import { z } from 'zod';
import { companyScoped } from './api.ts';
import { menuIdField } from './ids.ts';
import { statusField } from './organisation.ts';
import { ACTION_KEYS } from './permissions.ts';

const int = z.number().int();

/** Icons a menu may show (the SPA bundles exactly these from @ant-design/icons). */
export const MENU_ICONS = [
  'AppstoreOutlined',
  'ApartmentOutlined',
  'AuditOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'ClusterOutlined',
  'DashboardOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FormOutlined',
  'GlobalOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'LinkOutlined',
  'MenuOutlined',
  'MonitorOutlined',
  'ProfileOutlined',
  'SafetyOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'SolutionOutlined',
  'TagsOutlined',
  'TeamOutlined',
  'UnorderedListOutlined',
  'UserOutlined',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/**
 * Components a menu's `url_name` may bind: `RouteView` for directories, `Link` for an
 * external http(s) page (opened in a new tab), and the product's pages.
 */
export const MENU_COMPONENTS = [
  'RouteView',
  'Link',
  'Analysis',
  'WorkOrderList',
  'MyWorkOrders',
  'ApplicationList',
  'DepartmentList',
  'PositionList',
  'StaffList',
  'RoleList',
  'CategoryList',
  'OperationLog',
  'MenuList',
  'AccountList',
  'CompanyList',
] as const;
export type MenuComponent = (typeof MENU_COMPONENTS)[number];

/** menuType: 0 directory, 1 page, 2 button (never shown in the menu). */
export const MENU_TYPES = [0, 1, 2] as const;

/** An internal path (`/…`, not `//…`) or an http(s) link; any other scheme is refused. */
export const menuUrlField = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((u) => (u.startsWith('/') && !u.startsWith('//') && !/\s/.test(u)) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(u), { message: 'menuUrl' });

const menuKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((k) => /^[A-Za-z][\w-]*$/.test(k), { message: 'menuKey' });

const menuFields = {
  pid: z.union([z.literal(0), menuIdField]),
  key: menuKey,
  /** A translation key (`menu.…`) or the title itself. */
  name: z.string().trim().min(1).max(64),
  url: menuUrlField,
  icon: z.union([z.enum(MENU_ICONS), z.literal('')]),
  url_name: z.enum(MENU_COMPONENTS),
  redirect: z.union([menuUrlField, z.literal('')]),
  actions: z.array(z.enum(ACTION_KEYS)).max(ACTION_KEYS.length),
  show: statusField,
  menuType: z.coerce.number().int().min(0).max(2),
  sort: z.coerce.number().int().min(0).max(1_000_000),
  status: statusField,
};

export const menuListBody = z.object({ keyword: z.string().trim().max(64).optional() });
export const menuAddBody = z.object({
  ...menuFields,
  pid: menuFields.pid.default(0),
  icon: menuFields.icon.default(''),
  redirect: menuFields.redirect.default(''),
  actions: menuFields.actions.default([]),
  show: statusField.default(1),
  menuType: menuFields.menuType.default(1),
  sort: menuFields.sort.default(0),
  status: statusField.default(1),
});
/** An edit changes only the fields it sends. */
export const menuUpdateBody = z.object({ id: menuIdField, ...z.object(menuFields).partial().shape });
export const menuIdBody = z.object({ id: menuIdField });
export const menuStatusBody = menuIdBody.extend({ status: statusField });

/** A menu as the platform's menu table shows it (a tree: `children`). */
export interface MenuRow {
  id: number;
  pid: number;
  key: string;
  name: string;
  url: string;
  icon: string;
  url_name: string;
  redirect: string;
  actions: string[];
  show: number;
  menuType: number;
  sort: number;
  status: number;
  /** Shipped with the product: its key is bound to server routes, so it can be changed but not re-keyed or deleted. */
  builtin: boolean;
  /** Under the platform's directory: shown to platform administrators only, never grantable. */
  platform: boolean;
  children?: MenuRow[];
}
export const menuRow: z.ZodType<MenuRow> = z.lazy(() =>
  z.object({
    id: int,
    pid: int,
    key: z.string(),
    name: z.string(),
    url: z.string(),
    icon: z.string(),
    url_name: z.string(),
    redirect: z.string(),
    actions: z.array(z.string()),
    show: int,
    menuType: int,
    sort: int,
    status: int,
    builtin: z.boolean(),
    platform: z.boolean(),
    children: z.array(menuRow).optional(),
  }),
);

/** `getsetnavlist`: the company's grantable menus (enabled, outside the platform) with the actions each offers. */
export const grantableMenusQuery = companyScoped;
export interface GrantableMenu {
  id: number;
  pid: number;
  /** The permission id a grant names. */
  key: string;
  name: string;
  menuType: number;
  actions: string[];
  children?: GrantableMenu[];
}
export const grantableMenu: z.ZodType<GrantableMenu> = z.lazy(() =>
  z.object({
    id: int,
    pid: int,
    key: z.string(),
    name: z.string(),
    menuType: int,
    actions: z.array(z.string()),
    children: z.array(grantableMenu).optional(),
  }),
);
