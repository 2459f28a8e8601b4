/** Platform calls: accounts and companies (docs/design.md, "Platform"); platform administrators only. */
import { smsOutboxItem, smsOutboxQuery } from '../account.ts';
import { nothing, paged } from '../replies.ts';
import * as p from '../platform.ts';
import { def, type Endpoint } from './define.ts';

const accounts = ['accounts'];
const companies = ['companies'];

export const PLATFORM_ENDPOINTS = {
  accountList: def({
    method: 'POST',
    path: '/base/admin/getadminlist',
    permission: 'account.query',
    body: p.accountListQuery,
    reply: paged(p.accountItem),
    tags: accounts,
    summary: 'Platform: accounts with their companies (role, staff name, status), filtered by keyword and status',
  }),
  accountAdd: def({
    method: 'POST',
    path: '/base/admin/addadmin',
    permission: 'account.add',
    body: p.accountAddBody,
    reply: p.accountCreated,
    tags: accounts,
    summary: 'Platform: add an account (a generated password is returned once when none is sent)',
  }),
  accountUpdate: def({
    method: 'POST',
    path: '/base/admin/updatedadmin',
    permission: 'account.edit',
    body: p.accountUpdateBody,
    reply: p.accountItem,
    tags: accounts,
    summary: "Platform: change an account's nickname, phone, e-mail or platform flag (not your own flag)",
  }),
  accountStatus: def({
    method: 'POST',
    path: '/base/admin/setstatusadmin',
    permission: { enable: 'account.enable', disable: 'account.disable' },
    body: p.accountStatusBody,
    reply: nothing,
    tags: accounts,
    summary: "Platform: enable or disable an account; disabling signs it out at once; 409 for a company's last active administrator",
  }),
  accountPassword: def({
    method: 'POST',
    path: '/base/admin/setadminpwd',
    permission: 'account.edit',
    body: p.accountPasswordBody,
    reply: p.passwordSet,
    tags: accounts,
    summary: 'Platform: set a new password (generated when none is sent, returned once), to be changed at the next sign-in; signs the account out',
  }),
  smsOutbox: def({
    method: 'GET',
    path: '/base/sms/outbox',
    permission: 'account.query',
    query: smsOutboxQuery,
    reply: paged(smsOutboxItem),
    tags: accounts,
    summary: 'Platform: messages of the offline SMS provider (the outbox), newest first',
  }),
  platformCompanyList: def({
    method: 'POST',
    path: '/admin/Company/list',
    permission: 'company.query',
    body: p.companyListQuery,
    reply: paged(p.companyItem),
    tags: companies,
    summary: 'Platform: companies with staff counts and administrators',
  }),
  platformCompanyAdd: def({
    method: 'POST',
    path: '/admin/Company/add',
    permission: 'company.add',
    body: p.companyAddBody,
    reply: p.companyCreated,
    tags: companies,
    summary: 'Platform: create a company with its administrator role and first administrator',
  }),
  platformCompanyUpdate: def({
    method: 'POST',
    path: '/admin/Company/update',
    permission: 'company.edit',
    body: p.companyUpdateBody,
    reply: p.companyItem,
    tags: companies,
    summary: 'Platform: rename a company, change its time zone, or require two-factor sign-in of its administrators',
  }),
  platformCompanyStatus: def({
    method: 'POST',
    path: '/admin/Company/status',
    permission: { enable: 'company.enable', disable: 'company.disable' },
    body: p.companyStatusBody,
    reply: nothing,
    tags: companies,
    summary: "Platform: enable or disable a company; a disabled one leaves its staff's company lists and its forms answer 404",
  }),
} as const satisfies Record<string, Endpoint>;
