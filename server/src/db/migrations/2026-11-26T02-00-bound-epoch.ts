/**
 * The applications a member is bound to (`application_staff`) decide whether they may claim
 * an order and which actions a list row offers; they are now read with the member's scope
 * and cached under the auth epoch (docs/design.md, "Caller cache"), so binding or unbinding
 * staff must raise the epoch too. Same bump as migration `11-00-auth-epoch` (epoch-triggers.ts), own names.
 * Never imports application code.
 */
import type { Kysely } from 'kysely';
import { createEpochTriggers, dropEpochTriggers, type EpochTrigger } from './epoch-triggers.ts';

type Db = Kysely<any>;

const WATCHED: EpochTrigger[] = [
  ['auth_epoch_application_staff_insert', 'application_staff', 'insert'],
  ['auth_epoch_application_staff_update', 'application_staff', 'update'],
  ['auth_epoch_application_staff_delete', 'application_staff', 'delete'],
];

export async function up(db: Db): Promise<void> {
  await createEpochTriggers(db, WATCHED);
}

export async function down(db: Db): Promise<void> {
  await dropEpochTriggers(db, WATCHED);
}
