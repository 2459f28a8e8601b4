/**
 * Shapes of the account settings sections basic, custom and binding (docs/design.md,
 * "Account pages"): the person's profile, avatar, phone change, theme settings and the
 * devices that approved QR sign-ins. Security lives in account.ts, theme settings in
 * ui-settings.ts.
 */
import { z } from 'zod';
import { API_BASE } from './api.ts';
import { smsCode, smsPhone } from './account.ts';
import { accountFields } from './staff.ts';

const text = (max: number) => z.string().trim().max(max);

/** The basic section's editable fields. `country` is an ISO 3166-1 alpha-2 code or empty. */
export const profileBody = z.object({
  nickname: accountFields.nickname,
  email: accountFields.email,
  profile: text(500),
  country: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/)]),
  province: text(64),
  city: text(64),
  address: text(200),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** The basic section as shown: the editable fields, plus username, avatar URL and phone. */
export const profile = profileBody.extend({ username: z.string(), avatar: z.string(), phone: z.string() });
export type Profile = z.infer<typeof profile>;

/** `POST /account/phone/code`: a code to the new number. */
export const phoneCodeBody = z.object({ mobile: smsPhone });
/** `POST /account/phone`: the new number and the code it received. */
export const phoneChangeBody = z.object({ mobile: smsPhone, captcha: smsCode });

/** An avatar's key: 32 lowercase hex characters. */
export const avatarKeyField = z.string().regex(/^[0-9a-f]{32}$/);
export const avatarQuery = z.object({ key: avatarKeyField });
/** Where an avatar is served (public: avatars are shown to colleagues, and keys are unguessable). */
export const avatarUrl = (key: string) => `${API_BASE}/account/avatar?key=${key}`;
export const avatarReply = z.object({ avatar: z.string() });

/** A device (a live session of the person) that approved QR sign-ins. */
export const boundDevice = z.object({
  id: z.number().int(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  approvals: z.number().int(),
  last_approved_at: z.string(),
  current: z.boolean(),
});
export type BoundDevice = z.infer<typeof boundDevice>;
