/**
 * The server's validation of every value type on a real submission (docs/design.md section
 * 16, "One validator"): batch rows field by field, selectInputList choices, tree and
 * cascader values among their options, and rich text stored only after sanitising.
 * A refused submission creates nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, countOrders, login, setup, type Harness } from './helper.ts';

let h: Harness;
let admin: string;
let key: string;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  const tree = [{ value: 'b1', label: '1号楼', children: [{ value: 'f3', label: '3层' }] }];
  const schema = {
    list: [
      { type: 'editor', label: '情况说明', model: 'body', key: 'e', options: {}, rules: [{ required: true, message: '请填写情况说明' }] },
      {
        type: 'batch',
        label: '损坏物品',
        model: 'items',
        key: 'b',
        options: {},
        list: [
          { type: 'input', label: '名称', model: 'name', key: 'n', options: {}, rules: [{ required: true }] },
          { type: 'number', label: '数量', model: 'qty', key: 'q', options: { min: 1, max: 99 }, rules: [] },
        ],
        rules: [],
      },
      {
        type: 'selectInputList',
        label: '联系方式',
        model: 'contact',
        key: 's',
        options: { multiple: true },
        columns: [
          { value: 'tel', label: '电话', list: [{ type: 'input', label: '号码', model: 'number', key: 't', options: {}, rules: [{ required: true }] }] },
          { value: 'visit', label: '上门', list: [] },
        ],
        rules: [],
      },
      { type: 'cascader', label: '位置', model: 'where', key: 'c', options: { options: tree }, rules: [] },
      { type: 'treeSelect', label: '楼栋', model: 'building', key: 't2', options: { options: tree }, rules: [] },
    ],
    config: {},
  };
  const tpl = await call(h.app, 'POST', '/admin/template/add', { token: admin, payload: { company_id: h.property, name: '全部类型', schema } });
  await call(h.app, 'POST', '/admin/Application/add', { token: admin, payload: { company_id: h.property, name: '全部类型', template_id: tpl.body.data.id } });
  key = await appKey(h.db, h.property, '全部类型');
});
afterAll(() => h.close());

const submit = (form_data: Record<string, unknown>) =>
  call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { app_key: key, requester_name: '吴七', requester_phone: '13800000007', form_data } });

describe('every value type on a submission', () => {
  it('stores batch rows, ticked choices, paths and sanitised rich text', async () => {
    const r = await submit({
      body: '<p onclick="steal()">漏水<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">看</a><strong>严重</strong></p>',
      items: [
        { key: 1, name: '地板', qty: 3 },
        { key: 2, name: '墙纸', qty: '1' },
      ],
      contact: [
        { checked: true, value: 'tel', number: '13800000007' },
        { checked: false, value: 'visit' },
      ],
      where: ['b1', 'f3'],
      building: 'f3',
    });
    expect(r.status).toBe(200);
    const order = await call(h.app, 'GET', '/admin/Work/detail', { token: admin, payload: { company_id: h.property, id: r.body.data.id } });
    const form = order.body.data.form_data;
    expect(form.body).not.toMatch(/script|onerror|onclick|javascript:|alert/);
    expect(form.body).toContain('<strong>严重</strong>');
    expect(form.body).toContain('漏水');
    expect(form.items).toEqual([
      { key: 1, name: '地板', qty: 3 },
      { key: 2, name: '墙纸', qty: 1 },
    ]);
    expect(form.contact).toEqual([
      { checked: true, value: 'tel', label: '电话', number: '13800000007' },
      { checked: false, value: 'visit', label: '上门' },
    ]);
    expect(form.where).toEqual(['b1', 'f3']);
  });

  it('refuses a bad row, an unticked required field, a path off the tree and empty rich text, creating nothing', async () => {
    const before = await countOrders(h);
    const row = await submit({ body: '<p>x</p>', items: [{ name: '地板' }, { qty: 5 }] });
    expect(row.status).toBe(400);
    expect(row.body.data.errors.items).toEqual(['损坏物品 · 2 · 名称为必填项']);
    const number = await submit({ body: '<p>x</p>', contact: [{ checked: true, value: 'tel' }] });
    expect(number.body.data.errors.contact).toEqual(['联系方式 · 电话 · 号码为必填项']);
    expect((await submit({ body: '<p>x</p>', where: ['f3'] })).body.data.errors.where).toHaveLength(1);
    expect((await submit({ body: '<p>x</p>', building: 'nope' })).body.data.errors.building).toHaveLength(1);
    expect((await submit({ body: '<p><br></p>' })).body.data.errors.body).toEqual(['请填写情况说明']);
    expect(await countOrders(h)).toBe(before);
  });
});
