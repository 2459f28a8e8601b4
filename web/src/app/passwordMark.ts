/**
 * The "change your password first" mark of a session. Only the sign-in reply says that a
 * password set by someone else must be changed (`/user/info` does not), so the mark is
 * kept in local storage with the session: after a reload the change-password dialog still
 * opens. It names the token it was given for, so it never outlives that session; signing
 * out or changing the password clears it with the rest of the session storage.
 */
import { getItem, getToken, removeItem, SESSION_TTL_MS, setItem, STORAGE_KEYS } from './storage.ts';

/** True when `mark` (the stored value) says the session of `token` must change its password. */
export function passwordChangePending(mark: unknown, token: string): boolean {
  return token !== '' && mark === token;
}

/** Records what the sign-in reply of `token` said, replacing any mark of an earlier session. */
export function rememberPasswordMark(token: string, mustChange: boolean): void {
  if (mustChange) setItem(STORAGE_KEYS.mustChangePassword, token, SESSION_TTL_MS);
  else removeItem(STORAGE_KEYS.mustChangePassword);
}

/** Whether the current session must change its password before anything else works. */
export function mustChangePassword(): boolean {
  return passwordChangePending(getItem<unknown>(STORAGE_KEYS.mustChangePassword, null), getToken());
}
