/**
 * The display names of an order row (its application, category and handler) are now kept
 * per process under the auth epoch instead of being looked up by every list page
 * (docs/design.md, "Display names"). Staff rows raise the epoch already (migration
 * `11-00-auth-epoch`); renaming or deleting an application or a category must raise it too.
 * Same bump as that migration (epoch-triggers.ts), own names. Never imports application code.
 */
import type { Kysely } from 'kysely';
import { createEpochTriggers, dropEpochTriggers, type EpochTrigger } from './epoch-triggers.ts';

type Db = Kysely<any>;

const WATCHED: EpochTrigger[] = [
  ['auth_epoch_applications_rename', 'applications', 'update of name'],
  ['auth_epoch_applications_delete', 'applications', 'delete'],
  ['auth_epoch_categories_rename', 'categories', 'update of name'],
  ['auth_epoch_categories_delete', 'categories', 'delete'],
];

export async function up(db: Db): Promise<void> {
  await createEpochTriggers(db, WATCHED);
}

export async function down(db: Db): Promise<void> {
  await dropEpochTriggers(db, WATCHED);
}
