/**
 * Positions and categories (docs/design.md, "Organisation"): flat named lists with a sort
 * key and a status, one service shape for both. Rules: a name is unique per company (400
 * on `name`); deleting one still in use is 409 naming the count (positions: staff holding
 * it; categories: applications and work orders in it). Every change is one transaction
 * with its one operation-log row; 404 for a missing id or another company's.
 */
import type { Kysely } from 'kysely';
import { pageOf, type CategoryId, type NamedItem, type Paged, type PositionId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/context.ts';
import { errors, type AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/messages.ts';
import { now } from '../../lib/time.ts';
import type { AdminAction } from '../operation-log/repo.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import { num } from '../../db/values.ts';
import type { NamedFilters, NamedValues } from './shared.ts';

type ItemRow = { id: number; name: string; sort: number; status: number; created_at: string; used_by: unknown };

/** The bound repository functions both kinds have (positions-repo.ts, categories-repo.ts). */
interface NamedRepo<Id extends number> {
  list(f: NamedFilters): Promise<{ rows: ItemRow[]; total: number }>;
  find(id: Id): Promise<ItemRow | undefined>;
  nameTaken(name: string, exceptId?: Id): Promise<boolean>;
  insert(v: NamedValues, at: string): Promise<Id>;
  update(id: Id, v: Partial<NamedValues>): Promise<void>;
  remove(id: Id): Promise<void>;
}

interface Kind<Id extends number> {
  module: 'position' | 'category';
  repo: (data: CompanyData) => NamedRepo<Id>;
  nameTaken: MessageKey;
  /** The 409 while the item is in use, or null. */
  inUse: (data: CompanyData, id: Id) => Promise<AppError | null>;
}

const present = (r: ItemRow): NamedItem => ({ id: r.id, name: r.name, sort: r.sort, status: r.status, created_at: r.created_at, used_by: num(r.used_by) });
/** What the log keeps: the stored fields, not the derived use count. */
const stored = ({ used_by: _u, ...r }: NamedItem) => r;

/** The service of one kind (positions or categories). */
function namedService<Id extends number>(db: Kysely<DB>, kind: Kind<Id>) {
  const inTx = <T>(actor: Actor, fn: (data: CompanyData) => Promise<T>) => db.transaction().execute((trx) => fn(forCompany(trx, actor.companyId)));
  const load = async (data: CompanyData, id: Id): Promise<NamedItem> => {
    const row = await kind.repo(data).find(id);
    if (!row) throw errors.notFound();
    return present(row);
  };
  const write = (data: CompanyData, actor: Actor, action: AdminAction, id: Id, before: NamedItem | null, after: NamedItem | null) =>
    data.log.change(actor, { module: kind.module, action, id, before: before && stored(before), after: after && stored(after) });

  return {
    /** A page of items, sorted by `sort` then id, filtered by keyword (name contains) and status. */
    async list(actor: Actor, f: NamedFilters): Promise<Paged<NamedItem>> {
      const { rows, total } = await kind.repo(forCompany(db, actor.companyId)).list(f);
      return pageOf(rows.map(present), total, f);
    },

    /** One item; 404 when missing or another company's. */
    async detail(actor: Actor, id: Id): Promise<NamedItem> {
      return load(forCompany(db, actor.companyId), id);
    },

    /** Adds an item; 400 on `name` when the company already has one so named. */
    async add(actor: Actor, v: NamedValues): Promise<{ id: Id }> {
      return inTx(actor, async (data) => {
        if (await kind.repo(data).nameTaken(v.name)) throw errors.field(actor.lang, 'name', kind.nameTaken);
        const id = await kind.repo(data).insert({ name: v.name, sort: v.sort, status: v.status }, now());
        await write(data, actor, 'add', id, null, await load(data, id));
        return { id };
      });
    },

    /** Changes the name and, when sent, sort and status. Errors: 404, 400 on `name`. */
    async edit(actor: Actor, id: Id, v: Pick<NamedValues, 'name'> & Partial<NamedValues>): Promise<NamedItem> {
      return inTx(actor, async (data) => {
        const before = await load(data, id);
        if (await kind.repo(data).nameTaken(v.name, id)) throw errors.field(actor.lang, 'name', kind.nameTaken);
        await kind.repo(data).update(id, { name: v.name, sort: v.sort ?? before.sort, status: v.status ?? before.status });
        const after = await load(data, id);
        await write(data, actor, 'edit', id, before, after);
        return after;
      });
    },

    /** Enables (1) or disables (0) an item. Errors: 404. */
    async setStatus(actor: Actor, id: Id, status: number): Promise<NamedItem> {
      return inTx(actor, async (data) => {
        const before = await load(data, id);
        await kind.repo(data).update(id, { status });
        const after = await load(data, id);
        await write(data, actor, status === 1 ? 'enable' : 'disable', id, before, after);
        return after;
      });
    },

    /** Deletes an item. Errors: 404; 409 naming the count while it is in use. */
    async remove(actor: Actor, id: Id): Promise<void> {
      await inTx(actor, async (data) => {
        const before = await load(data, id);
        const refusal = await kind.inUse(data, id);
        if (refusal) throw refusal;
        await kind.repo(data).remove(id);
        await write(data, actor, 'delete', id, before, null);
      });
    },
  };
}

/** Positions: in use while staff (not removed) hold them. */
export const createPositionService = (db: Kysely<DB>) =>
  namedService<PositionId>(db, {
    module: 'position',
    repo: (d) => d.positions,
    nameTaken: 'positionNameTaken',
    inUse: async (d, id) => {
      const u = await d.positions.usage(id);
      return u.staff ? errors.conflict('positionInUse', { count: u.staff }) : null;
    },
  });

/** Categories: in use while applications or work orders are in them. */
export const createCategoryService = (db: Kysely<DB>) =>
  namedService<CategoryId>(db, {
    module: 'category',
    repo: (d) => d.categories,
    nameTaken: 'categoryNameTaken',
    inUse: async (d, id) => {
      const u = await d.categories.usage(id);
      return u.applications || u.orders ? errors.conflict('categoryInUse', u) : null;
    },
  });
