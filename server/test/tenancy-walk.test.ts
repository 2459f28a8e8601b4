/**
 * Isolation between companies, walked over every staff call of the endpoint table: each
 * id the call takes (in the query, the body, or an array) is set to a row of the other
 * company, alone and all together. The answer is 404 (per item for batches) and nothing
 * of the other company changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, FILE_REPLY, type Endpoint } from '@swo/contract';
import { appKey, call, login, setup, submitRepair, type Harness } from './helper.ts';

let h: Harness;
let token: string;
/** Ids of rows of the IT company (the "other" one while acting in the property company). */
let other: Record<string, number>;
/** Valid ids of the property company, for the fields not under test. */
let own: Record<string, number>;

const TEMPLATE_CALLS = new Set(['orderKindDetail', 'templateAutomatic']);
const ID_FIELDS = ['id', 'ids', 'application_id', 'category_id', 'handler_id', 'staff_id', 'department_id'];
/** Values that make the rest of a request valid, so only the id decides. */
const FILLER: Record<string, unknown> = {
  reason: 'tenancy walk',
  note: 'tenancy walk',
  pass: 1,
  form_data: {},
  requester_name: 'Walk',
  requester_phone: '13600001111',
};

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
  return { orders, records: Number(records.n), templates };
}

beforeAll(async () => {
  h = await setup();
  token = await login(h.app, 'admin'); // administrator of both companies: only the scope separates them
  const itKey = await appKey(h, h.it, 'IT服务台');
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
  const pick = async (table: 'applications' | 'categories' | 'staff' | 'departments' | 'templates', company: number) =>
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
  };
  const mine = await submitRepair(h);
  own = {
    order: mine.id,
    template: (await h.db.selectFrom('templates').select('id').where('company_id', '=', h.property).orderBy('id').executeTakeFirstOrThrow()).id,
    application_id: await pick('applications', h.property),
    category_id: await pick('categories', h.property),
    staff: await pick('staff', h.property),
    department_id: await pick('departments', h.property),
  };
});
afterAll(() => h.close());

/** The value of id field `f` for call `name`, from `ids` (other's or own). */
function idFor(name: string, f: string, ids: Record<string, number>): unknown {
  if (f === 'id') return TEMPLATE_CALLS.has(name) ? ids.template : ids.order;
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
      if (e.permission === 'public' || e.permission === 'signedIn' || e.multipart) continue;
      const shape = ((e.query ?? e.body) as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const idFields = ID_FIELDS.filter((f) => f in shape);
      if (!idFields.length) continue;
      const filler = Object.fromEntries(
        Object.keys(shape)
          .filter((k) => k in FILLER)
          .map((k) => [k, FILLER[k]]),
      );
      const valid = Object.fromEntries(idFields.map((f) => [f, idFor(name, f, own)]));
      const variants = idFields.map((f) => ({ ...valid, [f]: idFor(name, f, other) }));
      if (idFields.length > 1) variants.push(Object.fromEntries(idFields.map((f) => [f, idFor(name, f, other)])));
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
