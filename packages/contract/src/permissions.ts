/**
 * The permission catalogue: action keys (docs/product.md, section 3) and the menu catalogue
 * whose leaf keys are the permission ids a role is granted actions on (docs/product.md,
 * section 6; docs/design.md, permissions). Server routes name a `permissionId.action`; the
 * SPA gates buttons with the same pair.
 */

export const ACTION_KEYS = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
  'update',
  'zhipai',
  'renling',
  'cancelorder',
  'examine',
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/**
 * The actions by their field names; the values are the wire keys the original product
 * uses (`renling` = claim, `zhipai` = assign, `examine` = review, `cancelorder` = cancel).
 */
export const ACTION = {
  add: 'add',
  delete: 'delete',
  edit: 'edit',
  query: 'query',
  get: 'get',
  enable: 'enable',
  disable: 'disable',
  import: 'import',
  export: 'export',
  update: 'update',
  assign: 'zhipai',
  claim: 'renling',
  cancel: 'cancelorder',
  review: 'examine',
} as const satisfies Record<string, ActionKey>;

/** Chinese labels of the actions, as the original permission enumeration shows them. */
export const ACTION_LABELS_ZH: Record<ActionKey, string> = {
  add: '新增',
  delete: '删除',
  edit: '修改',
  query: '查询',
  get: '详情',
  enable: '启用',
  disable: '禁用',
  import: '导入',
  export: '导出',
  update: '更新',
  zhipai: '指派',
  renling: '认领',
  cancelorder: '取消工单',
  examine: '审核',
};

/**
 * Which work orders a role's members see (docs/design.md, "Data scope"): `company` all of
 * them; `department` those of applications bound to staff of the member's department or
 * below, plus their own; `own` those they handle, created or reviewed.
 */
export const DATA_SCOPES = ['company', 'department', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** A stored scope read strictly: anything unknown narrows to `own`. */
export const asDataScope = (v: string): DataScope => ((DATA_SCOPES as readonly string[]).includes(v) ? (v as DataScope) : 'own');

/** Permission ids: the keys of leaf menus. */
export const PERMISSION_IDS = [
  'dashboard',
  'workorder',
  'myorders',
  'application',
  'template',
  'department',
  'position',
  'staff',
  'role',
  'category',
  'operationlog',
  // Platform menus: shown to platform administrators only, never grantable to a role.
  'nav',
  'account',
  'company',
  'library',
] as const;
export type PermissionId = (typeof PERMISSION_IDS)[number];

/** Menus of the platform (not of a company): their calls need the platform flag. */
export const PLATFORM_PERMISSION_IDS: readonly PermissionId[] = ['nav', 'account', 'company', 'library'];

/** `permissionId.action`, as routes declare it and `can()` checks it. */
export type PermissionCode = `${PermissionId}.${ActionKey}`;

/** Whether a route's code names a platform menu: then the platform flag decides, not a company role. */
export const isPlatformCode = (code: string): boolean => {
  const dot = code.lastIndexOf('.');
  return dot > 0 && (PLATFORM_PERMISSION_IDS as readonly string[]).includes(code.slice(0, dot));
};

/** menuType: 0 directory, 1 page, 2 button (never shown in the menu). */
export interface MenuCatalogueItem {
  key: string;
  /** Translation key of the title (menu titles are translation keys: docs/product.md, section 2). */
  name: string;
  url: string;
  icon: string;
  /** Component name the SPA binds the route to. */
  url_name: string;
  parentKey: string | null;
  actions: readonly ActionKey[];
  menuType: 0 | 1 | 2;
  sort: number;
  /** A platform menu: shown to platform administrators only, never granted to a role. */
  platform?: true;
}

const CRUD = ['query', 'get', 'add', 'edit', 'delete', 'enable', 'disable'] as const;

/**
 * Menus the product ships. Top-level directories use url '/' so that the SPA's rule
 * "top-level items with children get the key appended" yields '/<key>'.
 */
export const MENU_CATALOGUE: readonly MenuCatalogueItem[] = [
  {
    key: 'dashboard',
    name: 'menu.dashboard',
    url: '/dashboard/analysis',
    icon: 'DashboardOutlined',
    url_name: 'Analysis',
    parentKey: null,
    actions: ['query'],
    menuType: 1,
    sort: 1,
  },
  { key: 'orders', name: 'menu.orders', url: '/', icon: 'ProfileOutlined', url_name: 'RouteView', parentKey: null, actions: [], menuType: 0, sort: 10 },
  {
    key: 'workorder',
    name: 'menu.workorder.list',
    url: '/orders/workorder',
    icon: 'UnorderedListOutlined',
    url_name: 'WorkOrderList',
    parentKey: 'orders',
    actions: ['query', 'get', 'add', 'edit', 'delete', 'export', 'import', 'zhipai', 'renling', 'cancelorder', 'examine'],
    menuType: 1,
    sort: 11,
  },
  {
    key: 'myorders',
    name: 'menu.workorder.mine',
    url: '/orders/mine',
    icon: 'SolutionOutlined',
    url_name: 'MyWorkOrders',
    parentKey: 'orders',
    actions: ['query'],
    menuType: 1,
    sort: 12,
  },
  {
    key: 'application',
    name: 'menu.application',
    url: '/orders/application',
    icon: 'AppstoreOutlined',
    url_name: 'ApplicationList',
    parentKey: 'orders',
    actions: ['query', 'get', 'add', 'edit', 'delete', 'enable', 'disable'],
    menuType: 1,
    sort: 13,
  },
  {
    key: 'template',
    name: 'menu.template',
    url: '/orders/template',
    icon: 'FormOutlined',
    url_name: 'TemplateList',
    parentKey: 'orders',
    actions: CRUD,
    menuType: 1,
    sort: 14,
  },
  {
    key: 'organization',
    name: 'menu.organization',
    url: '/',
    icon: 'ApartmentOutlined',
    url_name: 'RouteView',
    parentKey: null,
    actions: [],
    menuType: 0,
    sort: 20,
  },
  {
    key: 'department',
    name: 'menu.department',
    url: '/organization/department',
    icon: 'ClusterOutlined',
    url_name: 'DepartmentList',
    parentKey: 'organization',
    actions: CRUD,
    menuType: 1,
    sort: 21,
  },
  {
    key: 'position',
    name: 'menu.position',
    url: '/organization/position',
    icon: 'IdcardOutlined',
    url_name: 'PositionList',
    parentKey: 'organization',
    actions: CRUD,
    menuType: 1,
    sort: 22,
  },
  {
    key: 'staff',
    name: 'menu.staff',
    url: '/organization/staff',
    icon: 'TeamOutlined',
    url_name: 'StaffList',
    parentKey: 'organization',
    actions: CRUD,
    menuType: 1,
    sort: 23,
  },
  { key: 'system', name: 'menu.system', url: '/', icon: 'SettingOutlined', url_name: 'RouteView', parentKey: null, actions: [], menuType: 0, sort: 30 },
  {
    key: 'role',
    name: 'menu.role',
    url: '/roleList',
    icon: 'SafetyOutlined',
    url_name: 'RoleList',
    parentKey: 'system',
    actions: CRUD,
    menuType: 1,
    sort: 31,
  },
  {
    key: 'category',
    name: 'menu.category',
    url: '/system/category',
    icon: 'TagsOutlined',
    url_name: 'CategoryList',
    parentKey: 'system',
    actions: CRUD,
    menuType: 1,
    sort: 32,
  },
  {
    key: 'operationlog',
    name: 'menu.operationLog',
    url: '/system/log',
    icon: 'FileSearchOutlined',
    url_name: 'OperationLog',
    parentKey: 'system',
    actions: ['query', 'get'],
    menuType: 1,
    sort: 33,
  },
  {
    key: 'platform',
    name: 'menu.platform',
    url: '/',
    icon: 'GlobalOutlined',
    url_name: 'RouteView',
    parentKey: null,
    actions: [],
    menuType: 0,
    sort: 90,
    platform: true,
  },
  {
    key: 'nav',
    name: 'menu.nav',
    url: '/permissionList',
    icon: 'MenuOutlined',
    url_name: 'MenuList',
    parentKey: 'platform',
    actions: CRUD,
    menuType: 1,
    sort: 91,
    platform: true,
  },
  {
    key: 'account',
    name: 'menu.account',
    url: '/userList',
    icon: 'UserOutlined',
    url_name: 'AccountList',
    parentKey: 'platform',
    actions: CRUD,
    menuType: 1,
    sort: 92,
    platform: true,
  },
  {
    key: 'company',
    name: 'menu.company',
    url: '/platform/company',
    icon: 'ShopOutlined',
    url_name: 'CompanyList',
    parentKey: 'platform',
    actions: ['query', 'get', 'add', 'edit', 'enable', 'disable'],
    menuType: 1,
    sort: 93,
    platform: true,
  },
  {
    key: 'library',
    name: 'menu.library',
    url: '/platform/template',
    icon: 'FileTextOutlined',
    url_name: 'TemplateLibrary',
    parentKey: 'platform',
    actions: CRUD,
    menuType: 1,
    sort: 94,
    platform: true,
  },
];

/** One granted permission as `/user/info` returns it (route meta: docs/product.md, section 3). */
export interface GrantedPermission {
  permissionId: string;
  actions: string[];
}

/** True when `permissions` grant `code` (`permissionId.action`; a misspelt code does not compile). */
export function can(permissions: readonly GrantedPermission[], code: PermissionCode): boolean {
  const dot = code.lastIndexOf('.');
  const id = code.slice(0, dot);
  const action = code.slice(dot + 1);
  return permissions.some((p) => p.permissionId === id && p.actions.includes(action));
}
