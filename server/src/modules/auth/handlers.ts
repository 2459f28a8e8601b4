/**
 * Handlers of the auth calls: sign-in (password, SMS code, QR approval, second step),
 * recovery, invitations, own security settings and sessions, sign-out, companies, user
 * info, password.
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import type { ClientInfo } from './sign-in.ts';
import { actorOf, authOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

/** The calling browser: address and agent. */
const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export const authHandlers = (s: Services) =>
  defineHandlers({
    signIn: async (body, { req }) => {
      const client = clientOf(req);
      return body.mobile !== undefined ? s.smsAuth.signIn({ ...body, mobile: body.mobile }, client) : s.auth.login(body, client);
    },
    qrCreate: async (_, { req }) => s.qrLogin.create(clientOf(req)),
    qrCheck: async (body, { req }) => s.qrLogin.check(body.poll_token, clientOf(req)),
    qrDescribe: async (q) => s.qrLogin.describe(q.ticket),
    qrDecide: async (body, { req }) => s.qrLogin.decide(authOf(req), body.ticket, body.approve, req.ip),
    invitationInfo: async (q) => s.invitations.describe(q.token),
    invitationAccept: async (body, { req }) => s.invitations.accept(body, clientOf(req), req.lang),
    twoFactorVerify: async (body, { req }) => s.twoFactor.verify(body, clientOf(req)),
    accountCenter: async (_, { req }) => s.accountCenter.center(authOf(req)),
    accountSecurity: async (_, { req }) => {
      const auth = authOf(req);
      return { two_factor: await s.twoFactor.status(auth), sessions: await s.sessions.list(auth) };
    },
    totpBegin: async (_, { req }) => s.twoFactor.begin(authOf(req)),
    totpConfirm: async (body, { req }) => s.twoFactor.confirm(authOf(req), body.code, req.ip, req.lang),
    totpDisable: async (body, { req }) => (await s.twoFactor.disable(authOf(req), body.password, req.ip, req.lang), null),
    sessionRevoke: async (body, { req }) => (await s.sessions.revoke(authOf(req), body.id, req.ip), null),
    sessionRevokeOthers: async (_, { req }) => s.sessions.revokeOthers(authOf(req), req.ip),
    smsSend: async (body, { req }) => s.smsCodes.send(body.mobile, body.purpose, req.ip, req.lang),
    recoverPassword: async (body, { req }) => {
      await s.smsAuth.recover(body, clientOf(req), req.lang);
      return null;
    },
    signOut: async (_, { req }) => {
      await s.auth.logout(authOf(req), req.ip);
      return null;
    },
    companyList: async (_, { req }) => s.access.companyList(authOf(req).userId),
    // The per-company permission lookup.
    companyPermissions: (_, { req }) => Promise.resolve(actorOf(req).permissions),
    userInfo: async (_, { req }) => s.access.userInfo(authOf(req), actorOf(req)),
    userNav: async (_, { req }) => (await s.access.userInfo(authOf(req), actorOf(req))).menus,
    changePassword: async (body, { req }) => {
      await s.auth.changePassword(authOf(req), body.oldpassword, body.password, req.ip, req.lang);
      return null;
    },
  });
