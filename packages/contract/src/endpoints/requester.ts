/** The requester portal: public calls, limited per IP; the requester is known by `ident` (docs/design.md, "HTTP contract"). */
import { createWorkBody, templateDataBody } from '../api.ts';
import * as r from '../replies.ts';
import { appletQuery, editWorkBody } from '../work-orders.ts';
import { def, type Endpoint } from './define.ts';

const requester = ['requester'];

export const REQUESTER_ENDPOINTS = {
  templateData: def({
    method: 'POST',
    path: '/home/Work_Create/templateData',
    permission: 'public',
    body: templateDataBody,
    reply: r.templateDataReply,
    tags: requester,
    summary: "An application's form by its public key",
    rateLimited: true,
  }),
  submitWorkOrder: def({
    method: 'POST',
    path: '/home/Work_Create/createWorkNew',
    permission: 'public',
    body: createWorkBody,
    reply: r.createWorkReply,
    tags: requester,
    summary: "Submit a requester's order; returns the requester's identification",
    rateLimited: true,
  }),
  editAndResubmit: def({
    method: 'POST',
    path: '/home/Work_Create/editWorkNew',
    permission: 'public',
    body: editWorkBody,
    reply: r.resubmittedReply,
    tags: requester,
    summary: "New form values for the requester's rejected order, which is resubmitted",
    rateLimited: true,
  }),
  requesterOrders: def({
    method: 'GET',
    path: '/admin/Applet/applet_work_order_see',
    permission: 'public',
    query: appletQuery,
    reply: r.appletReply,
    tags: requester,
    summary: "The requester's orders, or one of them with its public timeline when `id` is given",
    rateLimited: true,
  }),
} as const satisfies Record<string, Endpoint>;
