/**
 * The person's own account settings (docs/design.md, "Account pages"): basic (profile
 * fields, avatar, phone changed by a code sent to the new number), custom (theme settings
 * applied on every device) and binding (devices that approved QR sign-ins, removable).
 * Each change writes an operation-log row of module `auth`, never a secret.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { avatarUrl, type ProfileBody, type UiSettings } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { Lang } from '../../http/messages.ts';
import { now } from '../../lib/time.ts';
import { revokeOwnSession } from '../auth/repo.ts';
import { writeLog, type LogEvent } from '../operation-log/repo.ts';
import { findActiveUsersByPhone } from '../sms/repo.ts';
import type { SmsCodes } from '../sms/service.ts';
import { avatarImage } from '../uploads/content.ts';
import { newUploadKey, uploadStore } from '../uploads/store.ts';
import * as repo from './profile-repo.ts';

type AuthAction = Extract<LogEvent, { module: 'auth' }>['action'];

/** The key of an avatar URL written by this module, or null (seeded or foreign URLs). */
const AVATAR_KEY = /[?&]key=([0-9a-f]{32})$/;

export function createAccountProfile(db: Kysely<DB>, codes: SmsCodes, uploadDir: string) {
  // Avatars are public (by key): a directory of their own, so no form upload can be read through them.
  const avatars = uploadStore(path.join(uploadDir, 'avatars'));

  const log = (trx: Kysely<DB>, auth: AuthContext, action: AuthAction, ip: string, detail: Record<string, unknown> = {}) =>
    writeLog(trx, { company_id: null, user_id: auth.userId, username: auth.username, module: 'auth', action, ip, detail });

  async function profile(auth: AuthContext) {
    const p = await repo.profileOf(db, auth.userId);
    if (!p) throw errors.notSignedIn();
    return p;
  }

  return {
    profile,

    /** Saves the basic fields; the log keeps which fields changed, not their values. */
    async save(auth: AuthContext, body: ProfileBody, ip: string) {
      const before = await profile(auth);
      const changed = (Object.keys(body) as (keyof ProfileBody)[]).filter((k) => body[k] !== before[k]);
      if (changed.length > 0) {
        await db.transaction().execute(async (trx) => {
          await repo.saveProfile(trx, auth.userId, body, now());
          await log(trx, auth, 'update_profile', ip, { fields: changed });
        });
      }
      return { ...before, ...body };
    },

    /** Stores a new avatar (avatarImage: 400 when not a picture) and removes the old file. */
    async uploadAvatar(auth: AuthContext, buf: Buffer, ip: string, lang: Lang): Promise<{ avatar: string }> {
      const data = await avatarImage(buf, lang);
      const old = (await profile(auth)).avatar.match(AVATAR_KEY)?.[1];
      const key = newUploadKey();
      await avatars.write(key, data);
      const avatar = avatarUrl(key);
      try {
        await db.transaction().execute(async (trx) => {
          await repo.setAvatar(trx, auth.userId, avatar, now());
          await log(trx, auth, 'change_avatar', ip);
        });
      } catch (err) {
        await avatars.remove(key);
        throw err;
      }
      if (old) await avatars.remove(old);
      return { avatar };
    },

    /** An avatar's file; 404 when there is none with that key. */
    async avatarFile(key: string) {
      const stream = await avatars.open(key);
      if (!stream) throw errors.notFound();
      return stream;
    },

    /** Sends a code to the new number; 400 when it is already the person's. */
    async sendPhoneCode(auth: AuthContext, phone: string, ip: string, lang: Lang) {
      if ((await profile(auth)).phone === phone) throw errors.field(lang, 'mobile', 'phoneUnchanged');
      return codes.sendToNewPhone(phone, ip, lang);
    },

    /**
     * Sets the phone once the code sent to it is right (400 otherwise; tries counted as for
     * sign-in). 409 when another active account has the number, since sign-in by SMS needs
     * one account per number; the code is then not spent.
     */
    async changePhone(auth: AuthContext, phone: string, code: string, ip: string) {
      const codeId = await codes.check(phone, 'bind', code, ip);
      if ((await findActiveUsersByPhone(db, phone)).some((u) => u.id !== auth.userId)) throw errors.conflict('phoneInUse');
      await db.transaction().execute(async (trx) => {
        await codes.consume(trx, codeId);
        await repo.setPhone(trx, auth.userId, phone, now());
        await log(trx, auth, 'change_phone', ip);
      });
      return { phone };
    },

    async saveUiSettings(auth: AuthContext, s: UiSettings, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repo.saveUiSettings(trx, auth.userId, JSON.stringify(s), now());
        await log(trx, auth, 'update_ui_settings', ip, { settings: s });
      });
    },

    /** The person's signed-in devices that approved QR sign-ins. */
    async devices(auth: AuthContext) {
      const rows = await repo.approvingSessionsOf(db, auth.userId, now());
      return rows.map(({ qr_approved_at, qr_approvals, ...r }) => ({
        ...r,
        approvals: Number(qr_approvals),
        last_approved_at: qr_approved_at ?? r.created_at,
        current: r.id === auth.sessionId,
      }));
    },

    /** Removes a device: its session is signed out (404 when it is not one of the person's devices). */
    async removeDevice(auth: AuthContext, id: number, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await revokeOwnSession(trx, auth.userId, id, now(), true))) throw errors.notFound();
        await log(trx, auth, 'remove_device', ip, { session: id });
      });
    },
  };
}
export type AccountProfile = ReturnType<typeof createAccountProfile>;
