/** Runs the migrations (Kysely Migrator, ISO-dated names) up to the latest, or down. */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/2026-11-23T00-00-initial.ts';
import * as workOrderActions from './migrations/2026-11-23T01-00-work-order-actions.ts';
import * as roleGrants from './migrations/2026-11-23T02-00-role-grants.ts';
import * as companyKeys from './migrations/2026-11-23T03-00-company-keys.ts';
import * as companyTimeZone from './migrations/2026-11-23T04-00-company-time-zone.ts';
import * as importLocks from './migrations/2026-11-23T05-00-import-locks.ts';
import * as purgeIndexes from './migrations/2026-11-23T06-00-purge-indexes.ts';
import * as organisation from './migrations/2026-11-23T07-00-organisation.ts';
import * as organisationIndexes from './migrations/2026-11-23T08-00-organisation-indexes.ts';
import * as orderParticipants from './migrations/2026-11-23T09-00-order-participants.ts';
import * as authEpoch from './migrations/2026-11-23T11-00-auth-epoch.ts';
import * as rateLimits from './migrations/2026-11-23T12-00-rate-limits.ts';
import * as orderSearch from './migrations/2026-11-23T13-00-order-search.ts';
import * as templates from './migrations/2026-11-24T00-00-templates.ts';
import * as uploads from './migrations/2026-11-24T01-00-uploads.ts';
import * as sms from './migrations/2026-11-25T00-00-sms.ts';
import * as qrLogins from './migrations/2026-11-25T01-00-qr-logins.ts';
import * as invitations from './migrations/2026-11-25T02-00-invitations.ts';
import * as twoFactor from './migrations/2026-11-25T03-00-two-factor.ts';
import * as logByUser from './migrations/2026-11-25T04-00-log-by-user.ts';
import * as adminTwoFactor from './migrations/2026-11-25T05-00-admin-2fa.ts';
import * as notifications from './migrations/2026-11-25T06-00-notifications.ts';
import * as accountProfile from './migrations/2026-11-25T07-00-account-profile.ts';
import * as liveEvents from './migrations/2026-11-25T08-00-live-events.ts';
import * as counterStripes from './migrations/2026-11-25T09-00-counter-stripes.ts';
import * as orderIndexTwin from './migrations/2026-11-26T00-00-order-index-twin.ts';
import * as searchMerge from './migrations/2026-11-26T01-00-search-merge.ts';
import * as boundEpoch from './migrations/2026-11-26T02-00-bound-epoch.ts';
import * as searchStatistics from './migrations/2026-11-26T03-00-search-statistics.ts';
import * as namesEpoch from './migrations/2026-11-27T00-00-names-epoch.ts';
import * as searchUsermerge from './migrations/2026-11-27T01-00-search-usermerge.ts';
import * as searchPostings from './migrations/2026-11-27T02-00-search-postings.ts';
import * as searchDeleted from './migrations/2026-11-28T00-00-search-deleted.ts';
import * as impliedForeignKeys from './migrations/2026-11-28T01-00-implied-foreign-keys.ts';
import * as searchCompanyTerms from './migrations/2026-12-02T00-00-search-company-terms.ts';
import * as accountConsent from './migrations/2026-12-08T00-00-account-consent.ts';

/** Migrations in order; a new one is added here with an ISO-dated name. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-23T00-00-initial': initial,
  '2026-11-23T01-00-work-order-actions': workOrderActions,
  '2026-11-23T02-00-role-grants': roleGrants,
  '2026-11-23T03-00-company-keys': companyKeys,
  '2026-11-23T04-00-company-time-zone': companyTimeZone,
  '2026-11-23T05-00-import-locks': importLocks,
  '2026-11-23T06-00-purge-indexes': purgeIndexes,
  '2026-11-23T07-00-organisation': organisation,
  '2026-11-23T08-00-organisation-indexes': organisationIndexes,
  '2026-11-23T09-00-order-participants': orderParticipants,
  '2026-11-23T11-00-auth-epoch': authEpoch,
  '2026-11-23T12-00-rate-limits': rateLimits,
  '2026-11-23T13-00-order-search': orderSearch,
  '2026-11-24T00-00-templates': templates,
  '2026-11-24T01-00-uploads': uploads,
  '2026-11-25T00-00-sms': sms,
  '2026-11-25T01-00-qr-logins': qrLogins,
  '2026-11-25T02-00-invitations': invitations,
  '2026-11-25T03-00-two-factor': twoFactor,
  '2026-11-25T04-00-log-by-user': logByUser,
  '2026-11-25T05-00-admin-2fa': adminTwoFactor,
  '2026-11-25T06-00-notifications': notifications,
  '2026-11-25T07-00-account-profile': accountProfile,
  '2026-11-25T08-00-live-events': liveEvents,
  '2026-11-25T09-00-counter-stripes': counterStripes,
  '2026-11-26T00-00-order-index-twin': orderIndexTwin,
  '2026-11-26T01-00-search-merge': searchMerge,
  '2026-11-26T02-00-bound-epoch': boundEpoch,
  '2026-11-26T03-00-search-statistics': searchStatistics,
  '2026-11-27T00-00-names-epoch': namesEpoch,
  '2026-11-27T01-00-search-usermerge': searchUsermerge,
  '2026-11-27T02-00-search-postings': searchPostings,
  '2026-11-28T00-00-search-deleted': searchDeleted,
  '2026-11-28T01-00-implied-foreign-keys': impliedForeignKeys,
  '2026-12-02T00-00-search-company-terms': searchCompanyTerms,
  '2026-12-08T00-00-account-consent': accountConsent,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** The Migrator reports its failure as a value; raise it as an Error. */
function raise(error: unknown): never {
  throw error instanceof Error ? error : new Error(String(error));
}

/** Migrates to the latest version; throws the first failure. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) raise(error);
}

/** Undoes every migration (used by the migration round-trip test). */
export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) raise(error);
    if (!results || results.length === 0) return;
  }
}

/** Migrates up or down to the named migration (tests of data carried across a migration). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) raise(error);
}
