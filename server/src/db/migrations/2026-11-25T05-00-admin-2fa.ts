/**
 * The company setting "require two-factor for administrators" (docs/design.md, "Two-factor
 * required for administrators"): `companies.require_admin_2fa`, 0 by default. Whether a
 * session still owes an enrolment is read with the session and cached under the auth epoch
 * (docs/design.md, "Caller cache"), so the epoch must also rise when the setting changes and
 * when a TOTP enrolment is confirmed or removed; these triggers add that to the ones of
 * migration `11-00-auth-epoch` (same bump, own names). Never imports application code.
 */
import type { Kysely } from 'kysely';
import { createEpochTriggers, dropEpochTriggers, type EpochTrigger } from './epoch-triggers.ts';

type Db = Kysely<any>;

/** [trigger name, table, event]: the names differ from 11-00's, whose `companies` update trigger already exists. */
const WATCHED: EpochTrigger[] = [
  ['auth_epoch_companies_admin_2fa', 'companies', 'update of require_admin_2fa'],
  ['auth_epoch_user_totp_confirm', 'user_totp', 'update of confirmed_at'],
  ['auth_epoch_user_totp_delete', 'user_totp', 'delete'],
];

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('require_admin_2fa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createEpochTriggers(db, WATCHED);
}

export async function down(db: Db): Promise<void> {
  await dropEpochTriggers(db, WATCHED);
  await db.schema.alterTable('companies').dropColumn('require_admin_2fa').execute();
}
