/** Auth calls (SPEC.md section 7, Auth): sign, logout, company list, user info, password. */
import { companyScoped, loginBody, updatePasswordBody } from '@swo/contract';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf, authOf } from '../../http/context.ts';
import type { App } from '../../http/types.ts';

export function authRoutes(app: App, s: Services): void {
  app.post('/admin/Login/sign', { config: { permission: 'public' }, schema: { body: loginBody, tags: ['auth'] } }, async (req) =>
    ok(await s.auth.login(req.body, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') })),
  );

  app.post('/auth/logout', { config: { permission: 'signedIn' }, schema: { tags: ['auth'] } }, async (req) => {
    await s.auth.logout(authOf(req), req.ip);
    return ok(null);
  });

  app.get('/admin/Home/company_list', { config: { permission: 'signedIn' }, schema: { tags: ['companies'] } }, async (req) =>
    ok(await s.access.companyList(authOf(req).userId)),
  );

  // The per-company permission lookup (SPEC.md section 6).
  app.get('/admin/Home/company_jurisdiction', { config: { permission: 'member' }, schema: { querystring: companyScoped, tags: ['companies'] } }, async (req) =>
    ok(actorOf(req).permissions),
  );

  const info = async (req: Parameters<typeof actorOf>[0]) => ok(await s.access.userInfo(authOf(req), actorOf(req)));
  app.get('/user/info', { config: { permission: 'member' }, schema: { querystring: companyScoped, tags: ['auth'] } }, info);
  app.get('/user/nav', { config: { permission: 'member' }, schema: { querystring: companyScoped, tags: ['auth'] } }, async (req) =>
    ok((await s.access.userInfo(authOf(req), actorOf(req))).menus),
  );

  app.post('/admin/staff/updatePwd', { config: { permission: 'signedIn' }, schema: { body: updatePasswordBody, tags: ['auth'] } }, async (req) => {
    await s.auth.changePassword(authOf(req), req.body.oldpassword, req.body.password, req.ip, req.lang);
    return ok(null);
  });
}
