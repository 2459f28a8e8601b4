/** Handlers of the auth calls (sign-in, sign-out, companies, user info, password). */
import type { Services } from '../../services.ts';
import { actorOf, authOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const authHandlers = (s: Services) =>
  defineHandlers({
    signIn: async (body, { req }) => {
      const client = { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
      return body.mobile !== undefined ? s.smsAuth.signIn({ ...body, mobile: body.mobile }, client) : s.auth.login(body, client);
    },
    smsSend: async (body, { req }) => s.smsCodes.send(body.mobile, body.purpose, req.ip, req.lang),
    recoverPassword: async (body, { req }) => {
      await s.smsAuth.recover(body, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') }, req.lang);
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
