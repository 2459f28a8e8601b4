/** Roles: grants and data scope (docs/design.md, "Roles"). */
import { createdId } from '../organisation.ts';
import { nothing, paged } from '../replies.ts';
import * as r from '../roles.ts';
import { def, type Endpoint } from './define.ts';

const roles = ['roles'];

export const ROLE_ENDPOINTS = {
  roleList: def({
    method: 'POST',
    path: '/base/role/rolelist',
    permission: 'role.query',
    body: r.roleListQuery,
    reply: paged(r.roleItem),
    tags: roles,
    summary: 'Roles of the company with their grants, data scope and member counts',
  }),
  roleAdd: def({
    method: 'POST',
    path: '/base/role/addrole',
    permission: 'role.add',
    body: r.roleAddBody,
    reply: createdId,
    tags: roles,
    summary: 'Add a role; only actions the menu offers and the caller holds may be granted',
  }),
  roleUpdate: def({
    method: 'POST',
    path: '/base/role/updaterole',
    permission: { enable: 'role.enable', disable: 'role.disable', edit: 'role.edit' },
    body: r.roleUpdateBody,
    reply: r.roleItem,
    tags: roles,
    summary: 'Change a role (name, description, status, data scope, grants); {id, status} alone is an enable or disable; applies at once',
  }),
  roleDelete: def({
    method: 'POST',
    path: '/base/role/deleterole',
    permission: 'role.delete',
    body: r.roleIdBody,
    reply: nothing,
    tags: roles,
    summary: 'Delete a role; 409 while staff hold it; the administrator role cannot be deleted',
  }),
} as const satisfies Record<string, Endpoint>;
