/** Sign-in, sign-out, companies, the user's info and password (docs/design.md, "HTTP contract"). */
import { z } from 'zod';
import { companyScoped, updatePasswordBody } from '../api.ts';
import * as acc from '../account.ts';
import { loginBody, recoverBody, smsSendBody, smsSent } from '../account.ts';
import * as r from '../replies.ts';
import { def, type Endpoint } from './define.ts';

const auth = ['auth'];
const companies = ['companies'];

export const AUTH_ENDPOINTS = {
  signIn: def({
    method: 'POST',
    path: '/admin/Login/sign',
    permission: 'public',
    body: loginBody,
    reply: r.loginReply,
    tags: auth,
    summary: 'Sign in with username and password, or with mobile and the SMS code in captcha; returns an opaque token',
  }),
  smsSend: def({
    method: 'POST',
    path: '/account/sms',
    permission: 'public',
    body: smsSendBody,
    reply: smsSent,
    rateLimited: true,
    tags: auth,
    summary: 'Send a 6-digit code (sign-in or recovery) to a phone; the same reply whether or not an account has the number; 429 past the limits',
  }),
  recoverPassword: def({
    method: 'POST',
    path: '/auth/forge-password',
    permission: 'public',
    body: recoverBody,
    reply: r.nothing,
    rateLimited: true,
    tags: auth,
    summary: 'Set a new password with an SMS code sent for recovery; signs the account out everywhere',
  }),
  qrCreate: def({
    method: 'POST',
    path: '/admin/Login/loginQrcode',
    permission: 'public',
    reply: acc.qrTicket,
    rateLimited: true,
    tags: auth,
    summary: 'A QR sign-in ticket (2 minutes, single use) for the QR code, and the poll token this browser keeps',
  }),
  qrCheck: def({
    method: 'POST',
    path: '/admin/Login/checkLogin',
    permission: 'public',
    body: acc.qrCheckBody,
    reply: acc.qrCheckReply,
    tags: auth,
    summary: "Where this browser's QR sign-in stands; once approved, this browser's own new session (once)",
  }),
  qrDescribe: def({
    method: 'GET',
    path: '/admin/Login/qrInfo',
    permission: 'signedIn',
    query: acc.qrTicketQuery,
    reply: acc.qrTicketInfo,
    tags: auth,
    summary: 'For the approving phone: the browser asking to sign in (address, agent, time); 410 when the ticket is no longer open',
  }),
  qrDecide: def({
    method: 'POST',
    path: '/admin/Login/qrConfirm',
    permission: 'signedIn',
    body: acc.qrDecideBody,
    reply: acc.qrDecided,
    tags: auth,
    summary: 'Approve or deny a QR sign-in from a signed-in phone; 410 when the ticket is no longer open',
  }),
  signOut: def({ method: 'POST', path: '/auth/logout', permission: 'signedIn', reply: r.nothing, tags: auth, summary: 'Revoke the token of this session' }),
  companyList: def({
    method: 'GET',
    path: '/admin/Home/company_list',
    permission: 'signedIn',
    reply: z.array(r.companyListItem),
    tags: companies,
    summary: 'Companies the signed-in person is active staff of',
  }),
  companyPermissions: def({
    method: 'GET',
    path: '/admin/Home/company_jurisdiction',
    permission: 'member',
    query: companyScoped,
    reply: z.array(r.grantedPermission),
    tags: companies,
    summary: 'Permissions of the caller in the company',
  }),
  userInfo: def({
    method: 'GET',
    path: '/user/info',
    permission: 'member',
    query: companyScoped,
    reply: r.userInfo,
    tags: auth,
    summary: 'User, role with permissions, and menu tree in the company',
  }),
  userNav: def({
    method: 'GET',
    path: '/user/nav',
    permission: 'member',
    query: companyScoped,
    reply: z.array(r.menuItem),
    tags: auth,
    summary: 'Menu tree of the caller in the company',
  }),
  changePassword: def({
    method: 'POST',
    path: '/admin/staff/updatePwd',
    permission: 'signedIn',
    body: updatePasswordBody,
    reply: r.nothing,
    tags: auth,
    summary: 'Change own password (revokes other sessions)',
  }),
} as const satisfies Record<string, Endpoint>;
