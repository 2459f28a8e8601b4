/** Applications and templates (docs/design.md, "HTTP contract"). */
import { z } from 'zod';
import * as a from '../applications.ts';
import { createdId } from '../organisation.ts';
import * as r from '../replies.ts';
import { companyScoped } from '../api.ts';
import { templateItem } from '../templates.ts';
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
  applicationCommonTemplates: def({
    method: 'GET',
    path: '/admin/Application/common_template',
    permission: 'application.query',
    query: companyScoped,
    reply: z.array(templateItem),
    tags: ['applications', 'templates'],
    summary: 'The enabled common templates an application may use (template_add copies one into the company)',
  }),
  applicationTemplateAdd: def({
    method: 'POST',
    path: '/admin/Application/template_add',
    permission: 'application.edit',
    body: a.applicationTemplateBody,
    reply: r.applicationItem,
    tags: ['applications', 'templates'],
    summary: 'Bind a template to an application; a common one (is_private 0) is first copied into the company',
  }),
} as const satisfies Record<string, Endpoint>;
