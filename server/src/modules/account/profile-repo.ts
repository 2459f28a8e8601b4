/**
 * SQL of the account settings (docs/design.md, "Account pages"): the person's own row of
 * `users` (profile, avatar, phone, theme settings) and their sessions that approved QR
 * sign-ins. Global by user id: these belong to the person, not to a company.
 */
import type { ProfileBody, UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';

const PROFILE = ['username', 'nickname', 'email', 'profile', 'country', 'province', 'city', 'address', 'avatar', 'phone'] as const;

export function profileOf(db: Db, userId: UserId) {
  return db.selectFrom('users').select(PROFILE).where('id', '=', userId).executeTakeFirst();
}

export async function saveProfile(db: Db, userId: UserId, p: ProfileBody, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...p, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export async function setAvatar(db: Db, userId: UserId, avatar: string, at: string): Promise<void> {
  await db.updateTable('users').set({ avatar, updated_at: at }).where('id', '=', userId).execute();
}

export async function setPhone(db: Db, userId: UserId, phone: string, at: string): Promise<void> {
  await db.updateTable('users').set({ phone, updated_at: at }).where('id', '=', userId).execute();
}

export async function saveUiSettings(db: Db, userId: UserId, json: string, at: string): Promise<void> {
  await db.updateTable('users').set({ ui_settings: json, updated_at: at }).where('id', '=', userId).execute();
}

/** Counts a QR sign-in approved by the session (the binding section's devices). */
export async function countQrApproval(db: Db, sessionId: number, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set((eb) => ({ qr_approvals: eb('qr_approvals', '+', 1), qr_approved_at: at }))
    .where('id', '=', sessionId)
    .execute();
}

/** The person's live sessions that approved QR sign-ins, latest approval first. */
export function approvingSessionsOf(db: Db, userId: UserId, at: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'qr_approvals', 'qr_approved_at'])
    .where('user_id', '=', userId)
    .where('qr_approvals', '>', 0)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('qr_approved_at', 'desc')
    .limit(100)
    .execute();
}
