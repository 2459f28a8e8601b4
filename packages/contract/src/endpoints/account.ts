/**
 * The person's own account settings beyond security (docs/design.md, "Account pages"):
 * basic (profile, avatar, phone), custom (theme settings) and binding (devices that approved
 * QR sign-ins). Every call acts on the signed-in person only.
 */
import { z } from 'zod';
import { smsSent } from '../account.ts';
import * as p from '../profile.ts';
import * as r from '../replies.ts';
import { uiSettings } from '../ui-settings.ts';
import { FILE_REPLY, def, type Endpoint } from './define.ts';

const tags = ['account'];

export const ACCOUNT_ENDPOINTS = {
  profileGet: def({
    method: 'GET',
    path: '/account/profile',
    permission: 'signedIn',
    reply: p.profile,
    tags,
    summary: 'Own basic settings: nickname, e-mail, profile, country, province, city, street address, avatar, phone',
  }),
  profileSave: def({
    method: 'POST',
    path: '/account/profile',
    permission: 'signedIn',
    body: p.profileBody,
    reply: p.profile,
    tags,
    summary: 'Save own basic settings (not the phone, which needs a code, nor the avatar, which is uploaded)',
  }),
  avatarUpload: def({
    method: 'POST',
    path: '/account/avatar/upload',
    permission: 'signedIn',
    multipart: true,
    rateLimited: true,
    reply: p.avatarReply,
    tags,
    summary: 'Upload own avatar (multipart field file: JPEG, PNG, GIF or WebP): cropped to a 256 px square WebP',
  }),
  avatarFile: def({
    method: 'GET',
    path: '/account/avatar',
    permission: 'public',
    query: p.avatarQuery,
    reply: FILE_REPLY,
    tags,
    summary: 'An avatar image by its unguessable key, cached immutable',
  }),
  phoneCode: def({
    method: 'POST',
    path: '/account/phone/code',
    permission: 'signedIn',
    body: p.phoneCodeBody,
    reply: smsSent,
    rateLimited: true,
    tags,
    summary: 'Send a 6-digit code to a new phone number (limits as for sign-in codes; 429 past them)',
  }),
  phoneChange: def({
    method: 'POST',
    path: '/account/phone',
    permission: 'signedIn',
    body: p.phoneChangeBody,
    reply: z.object({ phone: z.string() }),
    rateLimited: true,
    tags,
    summary: 'Change own phone with the code sent to the new number; 409 when another active account has it',
  }),
  uiSettingsSave: def({
    method: 'POST',
    path: '/account/ui-settings',
    permission: 'signedIn',
    body: uiSettings,
    reply: r.nothing,
    tags,
    summary: 'Save own theme settings, applied on every device at sign-in (user info carries them)',
  }),
  devicesList: def({
    method: 'GET',
    path: '/account/devices',
    permission: 'signedIn',
    reply: z.array(p.boundDevice),
    tags,
    summary: 'Own signed-in devices that approved QR sign-ins, latest approval first',
  }),
  deviceRemove: def({
    method: 'POST',
    path: '/account/devices/remove',
    permission: 'signedIn',
    body: z.object({ id: z.number().int().positive() }),
    reply: r.nothing,
    tags,
    summary: 'Remove a device: it is signed out and can approve QR sign-ins only after signing in again; 404 when not yours',
  }),
} as const satisfies Record<string, Endpoint>;
