/**
 * Demo data for an empty database (README "Demo data"): two companies with their
 * organisation, access, forms and about 60 work orders each, spread over every status
 * with a consistent history. Deterministic: the same run gives the same data.
 */
import type { Kysely } from 'kysely';
import {
  orderTitle,
  templateFields,
  validateFormData,
  type ApplicationId,
  type CategoryId,
  type DepartmentId,
  type FormTemplate,
  type PositionId,
  type RequesterId,
  type RoleId,
  type StaffId,
  type TemplateId,
  type UserId,
  type WorkOrderStatus,
} from '@swo/contract';
import type { DB } from '../schema.ts';
import type { Db } from '../types.ts';
import { hashPassword, newToken } from '../../lib/crypto.ts';
import { addMs, DAY, HOUR, MINUTE } from '../../lib/time.ts';
import { syncMenuCatalogue } from '../../modules/access/repo.ts';
import { seedLibrary } from './library.ts';
import { orderRepo } from '../../modules/work-orders/repo.ts';
import { identKey, newIdent } from '../../modules/requester/ident.ts';
import { requesterRepo } from '../../modules/requester/repo.ts';
import { COMPANIES, DEMO_PASSWORD, NOTES, REQUESTERS, ROLES, type CompanySeed } from './data.ts';

/** mulberry32: a tiny deterministic PRNG so the demo data is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, pick };
}

/** Final statuses of the demo orders of one company, in creation order. */
const STATUS_PLAN: WorkOrderStatus[] = [
  ...Array<WorkOrderStatus>(20).fill('completed'),
  ...Array<WorkOrderStatus>(4).fill('cancelled'),
  ...Array<WorkOrderStatus>(3).fill('withdrawn'),
  ...Array<WorkOrderStatus>(5).fill('rejected'),
  ...Array<WorkOrderStatus>(7).fill('pending_review'),
  ...Array<WorkOrderStatus>(9).fill('processing'),
  ...Array<WorkOrderStatus>(12).fill('unassigned'),
];

export async function seedDemoIfEmpty(db: Kysely<DB>): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Kysely<DB>, nowIso = new Date().toISOString()): Promise<void> {
  const usernames = [...new Set(COMPANIES.flatMap((c) => c.staff.map((s) => s.username)))];
  const hashes = new Map<string, string>();
  for (const u of usernames) hashes.set(u, await hashPassword(DEMO_PASSWORD));
  await db.transaction().execute(async (trx) => {
    await syncMenuCatalogue(trx);
    await seedLibrary(trx, addMs(nowIso, -60 * DAY));
    const userIds = new Map<string, UserId>();
    for (const c of COMPANIES) {
      for (const s of c.staff) {
        if (userIds.has(s.username)) continue;
        const row = await trx
          .insertInto('users')
          .values({
            username: s.username,
            password_hash: hashes.get(s.username)!,
            nickname: s.username === 'admin' ? '系统管理员' : s.username === 'super' ? '平台管理员' : s.name,
            phone: s.phone,
            email: `${s.username}@example.com`,
            avatar: '',
            status: 1,
            is_platform_admin: s.username === 'super' ? 1 : 0,
            // The demo's people chose their passwords themselves.
            claimed_at: addMs(nowIso, -60 * DAY),
            created_at: addMs(nowIso, -60 * DAY),
            updated_at: addMs(nowIso, -60 * DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userIds.set(s.username, row.id);
      }
    }
    for (const [i, c] of COMPANIES.entries()) await seedCompany(trx, c, userIds, nowIso, 20261123 + i);
  });
}

async function seedCompany(db: Db, c: CompanySeed, userIds: Map<string, UserId>, nowIso: string, seed: number): Promise<void> {
  const created_at = addMs(nowIso, -60 * DAY);
  const company = await db
    .insertInto('companies')
    .values({ name: c.name, status: 1, order_seq: 0, created_at })
    .returning(['id', 'time_zone'])
    .executeTakeFirstOrThrow();
  const companyId = company.id;

  const deptIds = new Map<string, DepartmentId>();
  for (const [i, [name, children]] of c.departments.entries()) {
    const d = await db
      .insertInto('departments')
      .values({ company_id: companyId, parent_id: 0, name, sort: i, status: 1, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    deptIds.set(name, d.id);
    for (const [j, child] of children.entries()) {
      const cd = await db
        .insertInto('departments')
        .values({ company_id: companyId, parent_id: d.id, name: child, sort: j, status: 1, created_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      deptIds.set(child, cd.id);
    }
  }
  const positionIds = new Map<string, PositionId>();
  for (const [i, name] of c.positions.entries()) {
    const p = await db
      .insertInto('positions')
      .values({ company_id: companyId, name, sort: i, status: 1, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    positionIds.set(name, p.id);
  }

  const menus = new Map((await db.selectFrom('menus').select(['id', 'key']).execute()).map((m) => [m.key, m.id]));
  const roleIds = new Map<string, RoleId>();
  for (const r of ROLES) {
    const role = await db
      .insertInto('roles')
      .values({ company_id: companyId, name: r.name, description: r.description, is_admin: r.isAdmin ? 1 : 0, status: 1, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(r.name, role.id);
    for (const [key, actions] of Object.entries(r.grants)) {
      for (const action of actions ?? [])
        await db
          .insertInto('role_grants')
          .values({ company_id: companyId, role_id: role.id, menu_id: menus.get(key)!, action })
          .execute();
    }
  }

  const staff = new Map<string, { id: StaffId; name: string; role: string; apps: string[] }>();
  for (const [i, s] of c.staff.entries()) {
    const row = await db
      .insertInto('staff')
      .values({
        company_id: companyId,
        user_id: userIds.get(s.username)!,
        name: s.name,
        job_number: `${companyId}${String(i + 1).padStart(4, '0')}`,
        department_id: deptIds.get(s.dept) ?? null,
        position_id: positionIds.get(s.position) ?? null,
        role_id: roleIds.get(s.role)!,
        status: 1,
        created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    staff.set(s.username, { id: row.id, name: s.name, role: s.role, apps: s.apps ?? [] });
  }

  const categoryIds = new Map<string, CategoryId>();
  for (const [i, name] of c.categories.entries()) {
    const row = await db
      .insertInto('categories')
      .values({ company_id: companyId, parent_id: 0, name, sort: i, status: 1, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(name, row.id);
  }

  const templates = new Map<string, { id: TemplateId; schema: FormTemplate; review: boolean; automatic: boolean }>();
  for (const t of c.templates) {
    const schema = JSON.stringify(t.schema);
    const row = await db
      .insertInto('templates')
      .values({
        company_id: companyId,
        name: t.name,
        description: t.description,
        schema,
        version: 1,
        is_private: 1,
        is_automatic: t.automatic ? 1 : 0,
        needs_review: t.review ? 1 : 0,
        status: 1,
        created_at,
        updated_at: created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('template_versions').values({ company_id: companyId, template_id: row.id, version: 1, schema, created_at }).execute();
    templates.set(t.name, { id: row.id, schema: t.schema, review: !!t.review, automatic: !!t.automatic });
  }

  const apps: { id: ApplicationId; name: string; template: string; categoryId: CategoryId | null }[] = [];
  for (const a of c.applications) {
    const row = await db
      .insertInto('applications')
      .values({
        company_id: companyId,
        name: a.name,
        description: a.description,
        template_id: templates.get(a.template)!.id,
        category_id: categoryIds.get(a.category) ?? null,
        app_key: newToken().slice(0, 22),
        status: 1,
        created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    apps.push({ id: row.id, name: a.name, template: a.template, categoryId: categoryIds.get(a.category) ?? null });
    for (const s of staff.values()) {
      if (s.apps.includes(a.name)) await db.insertInto('application_staff').values({ company_id: companyId, application_id: row.id, staff_id: s.id }).execute();
    }
  }

  const orders = orderRepo(db, companyId);
  const requesters = requesterRepo(db, companyId);
  const rnd = prng(seed);
  const dispatchers = [...staff.values()].filter((s) => s.role === '调度员');
  const reviewer = [...staff.values()].find((s) => s.role === '审核员')!;
  const requesterIds: RequesterId[] = [];
  for (const [name, phone] of REQUESTERS) {
    // An ident nobody holds: the demo requesters are followed through staff pages only.
    requesterIds.push(await requesters.insertRequester({ name, phone, ident_hash: identKey(newIdent()), created_at }));
  }

  for (const [i, planned] of STATUS_PLAN.entries()) {
    const app = apps[Math.floor(rnd.next() * apps.length)];
    const tpl = templates.get(app.template)!;
    const status: WorkOrderStatus = planned === 'pending_review' && !tpl.review ? 'completed' : planned;
    const reqIdx = Math.floor(rnd.next() * REQUESTERS.length);
    const [requesterName, requesterPhone] = REQUESTERS[reqIdx];
    // Older orders are more likely finished: spread creation over the last 45 days in plan order.
    const createdAt = addMs(nowIso, -Math.round(((STATUS_PLAN.length - i) / STATUS_PLAN.length) * 45 * DAY + rnd.next() * 6 * HOUR));
    const formData = sampleForm(tpl.schema, c.samples[app.template] ?? {}, rnd, createdAt);
    const check = validateFormData(tpl.schema, formData);
    if (!check.ok) throw new Error(`demo form data invalid for ${app.template}: ${JSON.stringify(check.errors)}`);

    const handlers = [...staff.values()].filter((s) => s.apps.includes(app.name));
    const handler = rnd.pick(handlers);
    const dispatcher = rnd.pick(dispatchers);
    type Step = {
      action: string;
      from: WorkOrderStatus | null;
      to: WorkOrderStatus;
      actor: { id: StaffId | null; name: string };
      target?: { id: StaffId; name: string };
      note?: string;
    };
    const steps: Step[] = [{ action: 'create', from: null, to: 'unassigned', actor: { id: null, name: requesterName } }];
    const take = (): void => {
      if (tpl.automatic) steps.push({ action: 'dispatch', from: 'unassigned', to: 'processing', actor: { id: null, name: 'system' }, target: handler });
      else if (rnd.next() < 0.5) steps.push({ action: 'claim', from: 'unassigned', to: 'processing', actor: handler });
      else steps.push({ action: 'assign', from: 'unassigned', to: 'processing', actor: dispatcher, target: handler });
    };
    let finalHandler: { id: StaffId } | null = null;
    let reason: string | null = null;
    switch (status) {
      case 'unassigned':
        break;
      case 'processing':
        take();
        finalHandler = handler;
        break;
      case 'pending_review':
        take();
        steps.push({ action: 'complete', from: 'processing', to: 'pending_review', actor: handler, note: rnd.pick(NOTES.complete) });
        finalHandler = handler;
        break;
      case 'completed':
        take();
        if (tpl.review && rnd.next() < 0.2) {
          steps.push({ action: 'complete', from: 'processing', to: 'pending_review', actor: handler, note: rnd.pick(NOTES.complete) });
          steps.push({ action: 'examine_fail', from: 'pending_review', to: 'processing', actor: reviewer, note: rnd.pick(NOTES.examineFail) });
        }
        steps.push({ action: 'complete', from: 'processing', to: tpl.review ? 'pending_review' : 'completed', actor: handler, note: rnd.pick(NOTES.complete) });
        if (tpl.review) steps.push({ action: 'examine_pass', from: 'pending_review', to: 'completed', actor: reviewer });
        finalHandler = handler;
        break;
      case 'rejected':
        reason = rnd.pick(NOTES.reject);
        steps.push({ action: 'reject', from: 'unassigned', to: 'rejected', actor: dispatcher, note: reason });
        break;
      case 'cancelled':
        reason = rnd.pick(NOTES.cancel);
        steps.push({ action: 'cancel', from: 'unassigned', to: 'cancelled', actor: dispatcher, note: reason });
        break;
      case 'withdrawn':
        steps.push({ action: 'withdraw', from: 'unassigned', to: 'withdrawn', actor: { id: null, name: requesterName } });
        break;
    }
    const times = steps.map((_, k) => addMs(createdAt, k === 0 ? 0 : k * (30 * MINUTE + Math.round(rnd.next() * 5 * HOUR))));
    const last = times[times.length - 1];
    const order = await orders.insertOrder({
      title: orderTitle(app.template, tpl.schema, check.value),
      status,
      application_id: app.id,
      template_id: tpl.id,
      template_version: 1,
      category_id: app.categoryId,
      handler_id: finalHandler?.id ?? null,
      requester_id: requesterIds[reqIdx],
      requester_name: requesterName,
      requester_phone: requesterPhone,
      creator_staff_id: null,
      form_data: JSON.stringify(check.value),
      created_at: createdAt,
      updated_at: last,
      time_zone: company.time_zone,
    });
    if (reason) await db.updateTable('work_orders').set({ reason }).where('id', '=', order.id).execute();
    if (steps.length > 1) await db.updateTable('work_orders').set({ version: steps.length }).where('id', '=', order.id).execute();
    for (const [k, s] of steps.entries()) {
      await orders.insertRecord({
        work_order_id: order.id,
        action: s.action,
        from_status: s.from,
        to_status: s.to,
        actor_staff_id: s.actor.id,
        actor_name: s.actor.name,
        target_staff_id: s.target?.id ?? null,
        target_name: s.target?.name ?? null,
        note: s.note ?? null,
        created_at: times[k],
      });
    }
  }
}

/** Form data for a demo order: samples where given, otherwise a valid value of the field's type. */
function sampleForm(schema: FormTemplate, samples: Record<string, unknown[]>, rnd: ReturnType<typeof prng>, createdAt: string) {
  const out: Record<string, unknown> = {};
  for (const f of templateFields(schema)) {
    const s = samples[f.model];
    if (s && s.length) {
      out[f.model] = rnd.pick(s);
      continue;
    }
    if (f.type === 'date') out[f.model] = addMs(createdAt, Math.round(rnd.next() * 3) * DAY).slice(0, 10);
    else if (f.type === 'switch') out[f.model] = rnd.next() < 0.5;
  }
  return out;
}
