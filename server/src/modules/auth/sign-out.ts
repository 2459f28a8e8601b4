/** Who is signed out when their memberships change (docs/design.md, "Staff" and "Menus and the platform"). */
import type { UserId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { listCompaniesOfUser } from '../access/repo.ts';
import { revokeUserSessions } from './repo.ts';

/** Signs the account out everywhere once it is active staff of no active company. */
export async function signOutIfInactive(db: Db, userId: UserId, at: string): Promise<void> {
  if (!(await listCompaniesOfUser(db, userId)).length) await revokeUserSessions(db, userId, at);
}
