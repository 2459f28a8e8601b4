/**
 * The auth epoch (docs/design.md, "Caller cache"): one number the database's triggers raise
 * on every revoking change (a logout, a password change, a disabled account, a role edit),
 * read by the guard and, as a column, beside the statements that assume it.
 */
import { sql } from 'kysely';

/**
 * The auth epoch as a column of a statement: read in the same snapshot as that statement's
 * rows (docs/design.md, "Assumed epoch"); 0 before the row exists.
 */
export const authEpochColumn = () => sql<number>`coalesce((select value from auth_epoch where id = 1), 0)`;
