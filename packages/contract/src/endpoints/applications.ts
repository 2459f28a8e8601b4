/** Applications and templates (docs/design.md, "HTTP contract"). */
import { companyScoped, pagingQuery } from '../api.ts';
import * as r from '../replies.ts';
import { orderIdQuery } from '../work-orders.ts';
import { def, type Endpoint } from './define.ts';

export const APPLICATION_ENDPOINTS = {
  applicationList: def({
    method: 'GET',
    path: '/admin/Application/list',
    permission: 'application.query',
    query: companyScoped.extend(pagingQuery.shape),
    reply: r.paged(r.applicationItem),
    tags: ['applications'],
    summary: 'Applications (service channels) of the company',
  }),
  templateAutomatic: def({
    method: 'GET',
    path: '/admin/template/isAutomatic',
    permission: 'member',
    query: orderIdQuery,
    reply: r.automaticReply,
    tags: ['templates'],
    summary: 'Whether new orders of a template are dispatched automatically',
  }),
} as const satisfies Record<string, Endpoint>;
