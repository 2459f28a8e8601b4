/**
 * Option sources (docs/design.md section 16, "Option sources"): a choice field whose
 * `dynamicKey` names departments, positions or categories gets the company's enabled
 * choices when the form is served, the server accepts only those, and the order detail
 * shows them. Another company's departments are neither offered nor accepted; a
 * disabled one goes from the form; the stored template keeps `dynamic` as designed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, countOrders, login, setup, type Harness } from './helper.ts';

let h: Harness;
let admin: string;
let key: string;
let templateId: number;
const ids: Record<string, number> = {};

const field = (type: string, model: string, source: string) => ({
  type,
  label: model,
  model,
  key: model,
  options: { dynamic: true, dynamicKey: source, options: [] },
  rules: type === 'select' ? [{ required: true }] : [],
});

type Option = { value: number; label: string; children?: Option[] };

beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  const post = async (company: number, url: string, payload: Record<string, unknown>) => {
    const r = await call(h.app, 'POST', url, { token: admin, payload: { company_id: company, ...payload } });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as number;
  };
  ids.head = await post(h.property, '/admin/Department/add', { name: '源总部' });
  ids.it = await post(h.property, '/admin/Department/add', { name: '源信息部', parent_id: ids.head });
  ids.closed = await post(h.property, '/admin/Department/add', { name: '源已停用' });
  await post(h.property, '/admin/Department/status', { id: ids.closed, status: 0 });
  ids.elsewhere = await post(h.it, '/admin/Department/add', { name: '别家部门' });
  ids.position = await post(h.property, '/admin/station/add', { name: '源岗位' });
  const schema = {
    list: [
      field('select', 'dept', 'departments'),
      field('treeSelect', 'deptTree', 'departments'),
      {
        type: 'batch',
        label: 'rows',
        model: 'rows',
        key: 'rows',
        options: {},
        list: [field('radio', 'post', 'positions')],
        rules: [],
      },
      field('select', 'legacy', 'someOtherKey'),
    ],
    config: {},
  };
  templateId = await post(h.property, '/admin/template/add', { name: '来源表单', schema });
  await post(h.property, '/admin/Application/add', { name: '来源应用', template_id: templateId });
  key = await appKey(h.db, h.property, '来源应用');
});
afterAll(() => h.close());

const submit = (form_data: Record<string, unknown>) =>
  call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { app_key: key, requester_name: '来源', requester_phone: '13800000009', form_data } });

describe('option sources', () => {
  it("serves the company's enabled choices: a tree for treeSelect, paths for select, inside batch rows too", async () => {
    const r = await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } });
    const [dept, tree, rows, legacy] = r.body.data.template.schema.list as {
      options: { options: Option[]; dynamic: boolean };
      list?: { options: { options: Option[] } }[];
    }[];
    const labels = dept.options.options.map((o) => o.label);
    expect(labels).toContain('源总部');
    expect(labels).toContain('源总部 / 源信息部');
    expect(labels).not.toContain('源已停用');
    expect(labels).not.toContain('别家部门');
    expect(dept.options.dynamic).toBe(false);
    const head = tree.options.options.find((o) => o.value === ids.head);
    expect(head?.children?.map((c) => c.label)).toEqual(['源信息部']);
    expect(rows.list?.[0].options.options.map((o) => o.label)).toContain('源岗位');
    // A key we do not serve stays as the template says.
    expect(legacy.options).toMatchObject({ dynamic: true, dynamicKey: 'someOtherKey', options: [] });
  });

  it('accepts only those choices and shows them by name in the order detail', async () => {
    const before = await countOrders(h);
    for (const bad of [{ dept: ids.elsewhere }, { dept: ids.closed }, { dept: ids.head, rows: [{ post: ids.elsewhere }] }]) {
      const r = await submit(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await countOrders(h)).toBe(before);

    const ok = await submit({ dept: ids.it, deptTree: ids.head, rows: [{ key: 1, post: ids.position }], legacy: 'anything' });
    expect(ok.status).toBe(200);
    const detail = await call(h.app, 'GET', '/admin/Work/detail', { token: admin, payload: { company_id: h.property, id: ok.body.data.id } });
    expect(detail.body.data.form_data.dept).toBe(ids.it);
    const dept = detail.body.data.template.schema.list[0].options.options as Option[];
    expect(dept.find((o) => o.value === ids.it)?.label).toBe('源总部 / 源信息部');
  });

  it('keeps the template as designed', async () => {
    const t = await call(h.app, 'POST', '/admin/template/detail', { token: admin, payload: { company_id: h.property, id: templateId } });
    const first = t.body.data.schema.list[0];
    expect(first.options).toMatchObject({ dynamic: true, dynamicKey: 'departments', options: [] });
  });
});
