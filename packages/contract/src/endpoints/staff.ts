/** Staff of a company and their accounts (docs/design.md, "Staff"). */
import { z } from 'zod';
import { paged, nothing } from '../replies.ts';
import * as s from '../staff.ts';
import { invitationCreated } from '../account.ts';
import { def, type Endpoint } from './define.ts';

const staff = ['staff'];

export const STAFF_ENDPOINTS = {
  staffAdd: def({
    method: 'POST',
    path: '/admin/Staff/add',
    permission: 'staff.add',
    body: s.staffAddBody,
    reply: s.staffAdded,
    tags: staff,
    summary: 'Add a member: a new account, or an existing username linked (its password untouched)',
  }),
  staffUpdate: def({
    method: 'POST',
    path: '/admin/Staff/update',
    permission: { enable: 'staff.enable', disable: 'staff.disable', edit: 'staff.edit' },
    body: s.staffUpdateBody,
    reply: s.staffRow,
    tags: staff,
    summary: 'Change a member and its account; a body of only {id, status} enables or disables',
  }),
  staffResetPassword: def({
    method: 'POST',
    path: '/admin/Staff/reset_password',
    permission: 'staff.edit',
    body: s.staffIdBody,
    reply: s.passwordReset,
    tags: staff,
    summary: "Give the member's account a random password (returned once, to change at next sign-in); signs it out",
  }),
  staffInvite: def({
    method: 'POST',
    path: '/admin/Staff/invite',
    permission: 'staff.edit',
    body: s.staffIdBody,
    reply: invitationCreated,
    tags: staff,
    summary: "A single-use invitation link (7 days) with which the member chooses username and password; 409 once the account is its owner's",
  }),
  staffList: def({
    method: 'GET',
    path: '/admin/Staff/list',
    permission: 'staff.query',
    query: s.staffListQuery,
    reply: paged(s.staffRow),
    tags: staff,
    summary: 'Members of the company, paged; the department filter takes its descendants too',
  }),
  staffSearch: def({
    method: 'GET',
    path: '/admin/Staff/staff_search',
    permission: 'member',
    query: s.staffSearchQuery,
    reply: z.array(s.staffPick),
    tags: staff,
    summary: 'Up to 20 active members by name or job number, for pickers',
  }),
  staffDetail: def({
    method: 'GET',
    path: '/admin/Staff/list_single',
    permission: 'staff.get',
    query: s.staffIdQuery,
    reply: s.staffDetail,
    tags: staff,
    summary: 'One member with the ids of the applications it handles',
  }),
  staffApplications: def({
    method: 'GET',
    path: '/admin/Staff/staff_application',
    permission: 'staff.get',
    query: s.staffApplicationQuery,
    reply: z.array(s.staffApplication),
    tags: staff,
    summary: "The company's applications, each with whether the member is bound to it",
  }),
  staffApplicationsSet: def({
    method: 'GET',
    path: '/admin/Staff/staff_application_add',
    permission: 'staff.edit',
    query: s.staffApplicationSetQuery,
    reply: z.array(s.staffApplication),
    tags: staff,
    summary: 'Set the applications an active member handles (a GET that changes state, as the original API; not cached)',
  }),
  staffDelete: def({
    method: 'POST',
    path: '/admin/Staff/delete',
    permission: 'staff.delete',
    body: s.staffIdBody,
    reply: nothing,
    tags: staff,
    summary: 'Remove a member (kept for history); 409 while it has orders in processing',
  }),
} as const satisfies Record<string, Endpoint>;
