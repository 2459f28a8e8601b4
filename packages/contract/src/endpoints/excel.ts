/** Excel: export of the filtered list, the import template, and import (docs/design.md, "HTTP contract"). */
import { companyScoped } from '../api.ts';
import { applicationIdField } from '../ids.ts';
import * as r from '../replies.ts';
import { exportQuery } from '../work-orders.ts';
import { def, FILE_REPLY, type Endpoint } from './define.ts';

const orders = ['work orders'];

export const EXCEL_ENDPOINTS = {
  exportWorkOrders: def({
    method: 'GET',
    path: '/admin/Work/export',
    permission: 'workorder.export',
    query: exportQuery,
    reply: FILE_REPLY,
    tags: orders,
    summary: 'The filtered list as .xlsx, form fields as columns',
  }),
  importTemplate: def({
    method: 'GET',
    path: '/admin/Work/importTemplate',
    permission: 'workorder.import',
    query: companyScoped.extend({ application_id: applicationIdField }),
    reply: FILE_REPLY,
    tags: orders,
    summary: "An .xlsx with the application's form fields as columns",
  }),
  importWorkOrders: def({
    method: 'POST',
    path: '/admin/Work/batchUpload',
    permission: 'workorder.import',
    multipart: true,
    reply: r.importReply,
    tags: orders,
    summary: 'Import orders from an .xlsx (multipart fields company_id, application_id, then file)',
  }),
} as const satisfies Record<string, Endpoint>;
