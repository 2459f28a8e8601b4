/**
 * The display names of order rows: their application, category and handler (docs/design.md,
 * "Display names"). A list page looked them up with three subqueries a row (a sixth of a
 * page's SQLite time at 1M orders, and planning on PostgreSQL); they are now kept per
 * process, per database handle and company, under the auth epoch the caller's scope was
 * read under. Renaming or deleting an application, a category or a staff member raises that
 * epoch (migrations `11-00-auth-epoch`, `27T00-00-names-epoch`), so a name changed by any
 * process shows on the very next call. Names a row needs and the cache lacks are read in
 * one statement (`displayNames`, list-repo.ts); in a transaction, or without an epoch,
 * nothing is kept.
 */
import type { ApplicationId, CategoryId, CompanyId, StaffId } from '@swo/contract';
import type { Db } from '../../db/types.ts';
import { displayNames, NAMED_TABLES as KINDS, type NamedTable } from './list-repo.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';

/** What a row needs to be named. */
interface Nameable {
  application_id: ApplicationId;
  category_id: CategoryId | null;
  handler_id: StaffId | null;
}

/** The names of one company read under one epoch, by id; what `namesFor` gives. */
export class DisplayNames {
  readonly applications = new Map<number, string>();
  readonly categories = new Map<number, string>();
  readonly staff = new Map<number, string>();
  constructor(readonly epoch: number) {}

  /** An application's name ('' when not found). */
  application(id: ApplicationId): string {
    return this.applications.get(id) ?? '';
  }
  /** A category's name, null for none or not found. */
  category(id: CategoryId | null): string | null {
    return id === null ? null : this.categories.get(id) || null;
  }
  /** A staff member's name (a handler's), null for none or not found. */
  handler(id: StaffId | null): string | null {
    return id === null ? null : this.staff.get(id) || null;
  }

  copy(): DisplayNames {
    const c = new DisplayNames(this.epoch);
    for (const kind of KINDS) for (const [id, name] of this[kind]) c[kind].set(id, name);
    return c;
  }
}

/** Companies kept per database handle; the one named longest ago goes first when full. */
const MAX_COMPANIES = 1_000;
/** Names kept per company and kind before that kind starts afresh. */
const MAX_NAMES = 20_000;

const caches = new WeakMap<Db, Map<CompanyId, DisplayNames>>();

/** The kept names of the company under `epoch`; a request of an older epoch than the kept one gets its own. */
function knownFor(db: Db, companyId: CompanyId, epoch: number): DisplayNames {
  let companies = caches.get(db);
  if (!companies) caches.set(db, (companies = new BoundedMap<CompanyId, DisplayNames>(MAX_COMPANIES)));
  let known = companies.get(companyId);
  if (known && known.epoch > epoch) return new DisplayNames(epoch);
  if (!known || known.epoch !== epoch) {
    if (known) companies.delete(companyId); // stored anew: the newest epoch goes last
    known = new DisplayNames(epoch);
    companies.set(companyId, known);
  }
  return known;
}

/**
 * The display names of the company's `rows`. `db`: the handle the rows were read on (a
 * service's own, not a transaction's, for the cache to serve); `epoch`: the auth epoch of
 * the caller's scope (`CompanyScope.epoch`).
 */
export async function namesFor(db: Db, companyId: CompanyId, epoch: number | undefined, rows: readonly Nameable[]): Promise<DisplayNames> {
  const cacheable = epoch !== undefined && !db.isTransaction;
  const known = cacheable ? knownFor(db, companyId, epoch) : new DisplayNames(-1);
  let want: Record<NamedTable, Set<number>> | null = null;
  for (const r of rows) {
    const a = !known.applications.has(r.application_id);
    const c = r.category_id !== null && !known.categories.has(r.category_id);
    const h = r.handler_id !== null && !known.staff.has(r.handler_id);
    if (!(a || c || h)) continue;
    want ??= { applications: new Set(), categories: new Set(), staff: new Set() };
    if (a) want.applications.add(r.application_id);
    if (c) want.categories.add(r.category_id!);
    if (h) want.staff.add(r.handler_id!);
  }
  if (!want) return known;
  const found = await displayNames(db, companyId, { applications: [...want.applications], categories: [...want.categories], staff: [...want.staff] });
  // Not kept when the epoch moved on while they were read, or when the kept names are too
  // many (those start afresh after this reply, which still needs them).
  const stale = !cacheable || caches.get(db)?.get(companyId) !== known;
  const full = KINDS.some((kind) => known[kind].size + want[kind].size > MAX_NAMES);
  const target = cacheable && (stale || full) ? known.copy() : known;
  for (const kind of KINDS) {
    // An id not found keeps '' so that it is not asked again under this epoch.
    for (const id of want[kind]) target[kind].set(id, found[kind].get(id) ?? '');
    if (full && !stale) known[kind].clear();
  }
  return target;
}
