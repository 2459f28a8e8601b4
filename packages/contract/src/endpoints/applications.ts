/** Applications and templates (docs/design.md, "HTTP contract"). */
import { z } from 'zod';
import * as a from '../applications.ts';
import { createdId } from '../organisation.ts';
import * as r from '../replies.ts';
import { templateIdParams } from '../work-orders.ts';
import { def, type Endpoint } from './define.ts';

export const APPLICATION_ENDPOINTS = {
  applicationList: def({
    method: 'GET',
    path: '/admin/Application/list',
    permission: 'application.query',
    query: a.applicationListQuery,
    reply: r.paged(r.applicationItem),
    tags: ['applications'],
    summary: 'Applications (service channels) of the company, filtered by keyword, status and category',
  }),
  applicationDetail: def({
    method: 'GET',
    path: '/admin/Application/list_single',
    permission: 'application.get',
    query: a.applicationIdParams,
    reply: r.applicationDetail,
    tags: ['applications'],
    summary: 'One application with its bound staff',
  }),
  applicationAdd: def({
    method: 'POST',
    path: '/admin/Application/add',
    permission: 'application.add',
    body: a.applicationAddBody,
    reply: createdId,
    tags: ['applications'],
    summary: 'Add an application; its public key (128 random bits) is made here',
  }),
  applicationUpdate: def({
    method: 'POST',
    path: '/admin/Application/update',
    permission: 'application.edit',
    body: a.applicationUpdateBody,
    reply: r.applicationItem,
    tags: ['applications'],
    summary: 'Change an application; reset_key replaces its public key; a status change also needs enable or disable',
  }),
  applicationDelete: def({
    method: 'POST',
    path: '/admin/Application/del',
    permission: 'application.delete',
    body: a.applicationIdParams,
    reply: r.nothing,
    tags: ['applications'],
    summary: 'Delete an application; 409 while it has work orders',
  }),
  applicationUsers: def({
    method: 'GET',
    path: '/admin/Application/user_list',
    permission: 'application.get',
    query: a.applicationUsersQuery,
    reply: z.array(a.boundStaff),
    tags: ['applications'],
    summary: 'Staff bound to an application (who may handle its orders)',
  }),
  applicationBindStaff: def({
    method: 'POST',
    path: '/admin/Application/application_binding_user',
    permission: 'application.edit',
    body: a.applicationBindBody,
    reply: z.array(a.boundStaff),
    tags: ['applications'],
    summary: "Replace an application's bound staff (active members of the company only); the staff side is staff_application_add",
  }),
  templateAutomatic: def({
    method: 'GET',
    path: '/admin/template/isAutomatic',
    permission: 'member',
    query: templateIdParams,
    reply: r.automaticReply,
    tags: ['templates'],
    summary: 'Whether new orders of a template are dispatched automatically',
  }),
} as const satisfies Record<string, Endpoint>;
