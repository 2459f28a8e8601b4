/**
 * Isolation between companies, walked over every staff call of the endpoint table: each
 * id the call takes (in the query, the body, or an array) is set to a row of the other
 * company, alone and all together. The answer is 404 (per item for batches) and nothing
 * of the other company changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, FILE_REPLY, isPlatformCode, type Endpoint } from '@swo/contract';
import { resolveChoice } from '../src/http/guard.ts';
import { appKey, call, login, setup, submitRepair, type Harness } from './helper.ts';

let h: Harness;
let token: string;
/** Ids of rows of the IT company (the "other" one while acting in the property company). */
let other: Record<string, number>;
/** Valid ids of the property company, for the fields not under test. */
let own: Record<string, number>;

const TEMPLATE_CALLS = new Set(['orderKindDetail', 'templateAutomatic', 'templateEdit', 'templateDetail', 'templateStatus', 'templatePrivateDelete']);
const ID_FIELDS = [
  'id',
  'ids',
  'application_id',
  'application_ids',
  'staff_ids',
  'category_id',
  'handler_id',
  'staff_id',
  'department_id',
  'parent_id',
  'leader_staff_id',
  'position_id',
  'role_id',
  'template_id',
];
/** Calls that write a named object and need a name and a status besides ids, by name prefix. */
const ORG_CALL = /^(department|position|category|role|application|template)/;
/** Calls whose `id` names a staff member. */
const isStaffCall = (e: Endpoint) => e.path.toLowerCase().startsWith('/admin/staff/');
/** Platform calls act on no company (menus, accounts, companies): the platform test covers them. */
const isPlatformCall = (e: Endpoint) => {
  // A choice rule is walked as the call is made without its choosing field (the company side).
  const rule = resolveChoice(e.permission, () => '');
  return isPlatformCode(typeof rule === 'string' ? rule : rule.enable);
};
/** Values that make the rest of a request valid, so only the id decides. */
const FILLER: Record<string, unknown> = {
  reason: 'tenancy walk',
  note: 'tenancy walk',
  pass: 1,
  form_data: {},
  requester_name: 'Walk',
  requester_phone: '13600001111',
  name: 'Walk',
  job_number: 'WALK-1',
  username: 'walker',
};
/** What organisation calls need besides ids (a name to write, a status to set). */
const ORG_FILLER: Record<string, unknown> = { name: 'tenancy walk', status: 1 };

async function snapshot() {
  const orders = await h.db
    .selectFrom('work_orders')
    .select(['id', 'status', 'version', 'handler_id', 'form_data', 'updated_at'])
    .where('company_id', '=', h.it)
    .orderBy('id')
    .execute();
  const records = await h.db
    .selectFrom('work_order_records')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', h.it)
    .executeTakeFirstOrThrow();
  const templates = await h.db.selectFrom('templates').select(['id', 'is_automatic', 'status']).where('company_id', '=', h.it).orderBy('id').execute();
  const departments = await h.db.selectFrom('departments').selectAll().where('company_id', '=', h.it).orderBy('id').execute();
  const positions = await h.db.selectFrom('positions').selectAll().where('company_id', '=', h.it).orderBy('id').execute();
  const categories = await h.db.selectFrom('categories').selectAll().where('company_id', '=', h.it).orderBy('id').execute();
  const roles = await h.db.selectFrom('roles').selectAll().where('company_id', '=', h.it).orderBy('id').execute();
  const grants = await h.db.selectFrom('role_grants').select(['role_id', 'menu_id', 'action']).where('company_id', '=', h.it).orderBy('id').execute();
  const applications = await h.db.selectFrom('applications').selectAll().where('company_id', '=', h.it).orderBy('id').execute();
  const staff = await h.db.selectFrom('staff').selectAll().where('company_id', '=', h.it).orderBy('id').execute();
  const bindings = await h.db.selectFrom('application_staff').select(['application_id', 'staff_id']).where('company_id', '=', h.it).orderBy('id').execute();
  const users = await h.db.selectFrom('users').select(['id', 'username', 'password_hash', 'must_change_password']).orderBy('id').execute();
  const logs = await h.db
    .selectFrom('operation_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', h.it)
    .executeTakeFirstOrThrow();
  return {
    orders,
    records: Number(records.n),
    templates,
    departments,
    positions,
    categories,
    roles,
    grants,
    applications,
    staff,
    bindings,
    users,
    logs: Number(logs.n),
  };
}

beforeAll(async () => {
  h = await setup();
  token = await login(h.app, 'admin'); // administrator of both companies: only the scope separates them
  const itKey = await appKey(h.db, h.it, 'IT服务台');
  const tpl = await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: itKey } });
  const itOrder = await call(h.app, 'POST', '/admin/Work/add', {
    token,
    payload: {
      company_id: h.it,
      application_id: (await h.db.selectFrom('applications').select('id').where('app_key', '=', itKey).executeTakeFirstOrThrow()).id,
      form_data: {},
      requester_name: 'Other',
      requester_phone: '13600002222',
    },
  });
  const pick = async (table: 'applications' | 'categories' | 'staff' | 'departments' | 'templates' | 'positions' | 'roles', company: number) =>
    (await h.db.selectFrom(table).select('id').where('company_id', '=', company).orderBy('id').executeTakeFirstOrThrow()).id;
  other = {
    order:
      itOrder.status === 200
        ? itOrder.body.data.id
        : (await h.db.selectFrom('work_orders').select('id').where('company_id', '=', h.it).executeTakeFirstOrThrow()).id,
    template: tpl.body.data.template.id,
    application_id: await pick('applications', h.it),
    category_id: await pick('categories', h.it),
    staff: await pick('staff', h.it),
    department_id: await pick('departments', h.it),
    position_id: await pick('positions', h.it),
    role_id: await pick('roles', h.it),
  };
  const mine = await submitRepair(h);
  own = {
    order: mine.id,
    template: (await h.db.selectFrom('templates').select('id').where('company_id', '=', h.property).orderBy('id').executeTakeFirstOrThrow()).id,
    application_id: await pick('applications', h.property),
    category_id: await pick('categories', h.property),
    staff: await pick('staff', h.property),
    department_id: await pick('departments', h.property),
    position_id: await pick('positions', h.property),
    role_id: await pick('roles', h.property),
  };
});
afterAll(() => h.close());

/** The value of id field `f` for call `name`, from `ids` (other's or own). */
function idFor(name: string, f: string, ids: Record<string, number>, staffCall = false): unknown {
  if (f === 'id') {
    if (TEMPLATE_CALLS.has(name)) return ids.template;
    if (staffCall) return ids.staff;
    if (name.startsWith('department')) return ids.department_id;
    if (name.startsWith('position')) return ids.position_id;
    if (name.startsWith('category')) return ids.category_id;
    if (name.startsWith('role')) return ids.role_id;
    if (name.startsWith('application')) return ids.application_id;
    return ids.order;
  }
  if (f === 'application_ids') return [ids.application_id];
  if (f === 'staff_ids') return [ids.staff];
  if (f === 'parent_id') return ids.department_id;
  if (f === 'leader_staff_id') return ids.staff;
  if (f === 'template_id') return ids.template;
  if (f === 'ids') return [ids.order];
  if (f === 'staff_id' || f === 'handler_id') return ids.staff;
  return ids[f];
}

function isNotFound(name: string, r: { status: number; body: { code: number; data: unknown } }): boolean {
  if (r.status === 404 && r.body.code === 404) return true;
  // batches answer per item: every item not found
  const results = (r.body.data as { results?: { code: number }[] } | null)?.results;
  return r.status === 200 && name.startsWith('batch') && !!results?.length && results.every((x) => x.code === 404);
}

describe('every staff call refuses ids of another company', () => {
  it('answers 404 and changes nothing, field by field and all at once', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
      const rule = resolveChoice(e.permission, () => '');
      if (rule === 'public' || rule === 'anyone' || rule === 'signedIn' || e.multipart || isPlatformCall(e)) continue;
      const shape = ((e.query ?? e.body) as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const idFields = ID_FIELDS.filter((f) => f in shape);
      if (!idFields.length) continue;
      const fill = ORG_CALL.test(name) ? { ...FILLER, ...ORG_FILLER } : FILLER;
      const filler = Object.fromEntries(
        Object.keys(shape)
          .filter((k) => k in fill)
          .map((k) => [k, fill[k]]),
      );
      const staffCall = isStaffCall(e);
      const valid = Object.fromEntries(idFields.map((f) => [f, idFor(name, f, own, staffCall)]));
      const variants = idFields.map((f) => ({ ...valid, [f]: idFor(name, f, other, staffCall) }));
      if (idFields.length > 1) variants.push(Object.fromEntries(idFields.map((f) => [f, idFor(name, f, other, staffCall)])));
      for (const ids of variants) {
        const payload = { company_id: h.property, ...filler, ...ids };
        if (e.reply === FILE_REPLY) {
          const r = await h.app.inject({
            method: 'GET',
            url: `/index.php${e.path}`,
            query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
            headers: { token },
          });
          if (r.statusCode !== 404) failures.push(`${name} ${JSON.stringify(ids)} -> ${r.statusCode}`);
          continue;
        }
        const r = await call(h.app, e.method, e.path, { token, payload });
        if (!isNotFound(name, r)) failures.push(`${name} ${JSON.stringify(ids)} -> ${r.status} ${r.body.msg}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
