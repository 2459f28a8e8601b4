/**
 * The account centre (docs/design.md, "Account pages"): who the signed-in person is, the
 * companies they work in (role, department, position) and their 20 latest actions from the
 * operation log, in every company. Reads only.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import * as repo from './repo.ts';

export const RECENT_ACTIVITY = 20;

export function createAccountCenter(db: Kysely<DB>) {
  return {
    async center(auth: AuthContext) {
      const account = await repo.accountOf(db, auth.userId);
      if (!account) throw errors.notSignedIn();
      const [companies, activity] = await Promise.all([repo.membershipsOf(db, auth.userId), repo.recentActivityOf(db, auth.userId, RECENT_ACTIVITY)]);
      return { account, companies, activity };
    },
  };
}
