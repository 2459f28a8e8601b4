/**
 * Account settings (docs/design.md, "Account pages"): the basic section's profile fields
 * on `users` (profile, country, province, city, street address), the person's theme
 * settings as JSON (`ui_settings`, empty until first saved), and on `sessions` how many QR
 * sign-ins the session approved and when last (the binding section lists such devices).
 * Never imports application code.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<any>;

const USER_TEXT = ['profile', 'country', 'province', 'city', 'address', 'ui_settings'] as const;

export async function up(db: Db): Promise<void> {
  for (const column of USER_TEXT) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .alterTable('sessions')
    .addColumn('qr_approvals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('qr_approved_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('qr_approved_at').execute();
  await db.schema.alterTable('sessions').dropColumn('qr_approvals').execute();
  for (const column of [...USER_TEXT].reverse()) await db.schema.alterTable('users').dropColumn(column).execute();
}
