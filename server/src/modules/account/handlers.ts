/**
 * Handlers of the account settings calls beyond security (docs/design.md, "Account pages"):
 * profile, avatar, phone, theme settings and QR-approving devices.
 */
import type { Services } from '../../services.ts';
import { authOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';
import { fileOf } from '../../http/multipart.ts';

export const accountHandlers = (s: Services) =>
  defineHandlers({
    profileGet: async (_, { req }) => s.accountProfile.profile(authOf(req)),
    profileSave: async (body, { req }) => s.accountProfile.save(authOf(req), body, req.ip),
    avatarUpload: async (body, { req }) => {
      const { buf } = await fileOf(body, req.lang, () => s.uploads.tooLarge(req.lang));
      return s.accountProfile.uploadAvatar(authOf(req), buf, req.ip, req.lang);
    },
    avatarFile: async (q, { reply }) =>
      reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        // A key's bytes never change: a new avatar gets a new key.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await s.accountProfile.avatarFile(q.key)),
    phoneCode: async (body, { req }) => s.accountProfile.sendPhoneCode(authOf(req), body.mobile, req.ip, req.lang),
    phoneChange: async (body, { req }) => s.accountProfile.changePhone(authOf(req), body.mobile, body.captcha, req.ip),
    uiSettingsSave: async (body, { req }) => (await s.accountProfile.saveUiSettings(authOf(req), body, req.ip), null),
    devicesList: async (_, { req }) => s.accountProfile.devices(authOf(req)),
    deviceRemove: async (body, { req }) => (await s.accountProfile.removeDevice(authOf(req), body.id, req.ip), null),
  });
