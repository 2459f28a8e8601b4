/**
 * Templates (docs/design.md, "Templates"): a company's own templates with versions, the
 * platform's common library, copying from it, binding to applications, automatic dispatch,
 * and the orders that keep the version they were made with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, login, repairSubmission, setup, type Harness } from './helper.ts';
import { grantOnly, lastLog } from './org-helpers.ts';
import { applicationId } from './orders.ts';

let h: Harness;
let admin: string;
let platform: string;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  platform = await login(h.app, 'super');
});
afterAll(() => h.close());

const field = (model: string, label = model) => ({ type: 'input', label, model, key: `${model}_1`, options: {}, rules: [{ required: false }] });
const form = (...models: string[]) => ({ list: models.map((m) => field(m)), config: { layout: 'horizontal' } });
const tpl = (path: string, payload: object, token = admin) =>
  call(h.app, path.includes('elete') || path === 'isAutomatic' ? 'GET' : 'POST', `/admin/template/${path}`, {
    token,
    payload: { company_id: h.property, ...payload },
  });
const names = (r: { body: { data: { data: { name: string }[] } } }) => r.body.data.data.map((t) => t.name);

describe('private templates', () => {
  it('add, edit and versions: a changed form is a new version, an unchanged one is not, an old version still opens', async () => {
    const add = await tpl('add', { name: '会议室预约', description: '预约会议室', schema: form('room') });
    expect(add.status).toBe(200);
    const id = add.body.data.id;
    const same = await tpl('edit', { id, schema: form('room'), description: '预约公司会议室' });
    expect(same.body.data).toMatchObject({ version: 1, description: '预约公司会议室' });
    const changed = await tpl('edit', { id, schema: form('room', 'time') });
    expect(changed.body.data.version).toBe(2);
    const detail = await tpl('detail', { id });
    expect(detail.body.data).toMatchObject({ name: '会议室预约', version: 2, shown_version: 2, is_private: 1 });
    expect(detail.body.data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((detail.body.data.schema as { list: unknown[] }).list).toHaveLength(2);
    const old = await tpl('detail', { id, version: 1 });
    expect((old.body.data.schema as { list: unknown[] }).list).toHaveLength(1);
    expect(old.body.data.shown_version).toBe(1);
    expect((await tpl('detail', { id, version: 9 })).status).toBe(404);
    const list = await call(h.app, 'POST', '/admin/template/privateTemplate', { token: admin, payload: { company_id: h.property, keyword: '会议室' } });
    expect(names(list)).toEqual(['会议室预约']);
  });

  it('refuses a taken name, two fields with one model id, and a form beyond the size limit, writing nothing', async () => {
    const before = await h.db
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const taken = await tpl('add', { name: '报事报修' });
    expect(taken.status).toBe(400);
    expect(taken.body.data).toEqual({ errors: { name: ['已有同名模板'] } });
    const twice = await tpl('add', { name: '重复字段', schema: form('a', 'a') });
    expect(twice.status).toBe(400);
    expect(twice.body.data.errors.schema[0]).toContain('a');
    const huge = await tpl('add', { name: '超大表单', schema: { list: [field('x', 'x'.repeat(300_000))], config: {} } });
    expect(huge.status).toBe(400);
    expect(huge.body.data.errors.schema).toEqual(['表单太大，请减少字段']);
    const after = await h.db
      .selectFrom('templates')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('orders keep the version they were made with after the form changes', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const made = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(key) });
    const templateId = (await h.db.selectFrom('applications').select('template_id').where('app_key', '=', key).executeTakeFirstOrThrow()).template_id;
    const current = await tpl('detail', { id: templateId });
    const schema = current.body.data.schema as { list: unknown[]; config: object };
    const edited = await tpl('edit', { id: templateId, schema: { ...schema, list: [...schema.list, field('extra_note', '补充说明')] } });
    expect(edited.body.data.version).toBe(current.body.data.version + 1);
    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', {
      token: admin,
      payload: { company_id: h.property, id: made.body.data.id },
    });
    expect(detail.body.data.template.version).toBe(current.body.data.version);
    expect(JSON.stringify(detail.body.data.template.schema)).not.toContain('extra_note');
    // Read again (the version's schema is now cached) after a rename: the old form, the new name.
    await tpl('edit', { id: templateId, name: '业主报修（新）' });
    const again = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: admin, payload: { company_id: h.property, id: made.body.data.id } });
    expect(again.body.data.template).toMatchObject({ version: current.body.data.version, name: '业主报修（新）' });
    expect(again.body.data.template.schema).toEqual(detail.body.data.template.schema);
    const later = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: repairSubmission(key) });
    const newer = await call(h.app, 'GET', '/admin/Workorder/work_order_details', {
      token: admin,
      payload: { company_id: h.property, id: later.body.data.id },
    });
    expect(newer.body.data.template.version).toBe(edited.body.data.version);
    expect(JSON.stringify(newer.body.data.template.schema)).toContain('extra_note');
    expect((await call(h.app, 'POST', '/home/Work_Create/templateData', { payload: { app_key: key } })).body.data.template.version).toBe(
      edited.body.data.version,
    );
  });

  it('delete: 409 while an application uses it; once unused it goes, and its orders still show their form', async () => {
    const made = await tpl('add', { name: '临时登记', schema: form('visitor') });
    const id = made.body.data.id;
    const appId = await applicationId(h, '投诉与建议');
    const original = (await h.db.selectFrom('applications').select('template_id').where('id', '=', appId).executeTakeFirstOrThrow()).template_id;
    const bound = await call(h.app, 'POST', '/admin/Application/template_add', {
      token: admin,
      payload: { company_id: h.property, application_id: appId, template_id: id },
    });
    expect(bound.body.data).toMatchObject({ template_id: id, template_name: '临时登记' });
    const key = (await h.db.selectFrom('applications').select('app_key').where('id', '=', appId).executeTakeFirstOrThrow()).app_key;
    const order = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: { app_key: key, requester_name: '访客', requester_phone: '13600003333', form_data: { visitor: '李雷' } },
    });
    expect(order.status).toBe(200);
    const refused = await tpl('privateDelete', { id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('还有 1 个应用在使用该模板，不能删除');
    await call(h.app, 'POST', '/admin/Application/template_add', {
      token: admin,
      payload: { company_id: h.property, application_id: appId, template_id: original },
    });
    expect((await tpl('privateDelete', { id })).status).toBe(200);
    expect((await tpl('detail', { id })).status).toBe(404);
    expect(names(await call(h.app, 'POST', '/admin/template/privateTemplate', { token: admin, payload: { company_id: h.property, keyword: '临时' } }))).toEqual(
      [],
    );
    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', {
      token: admin,
      payload: { company_id: h.property, id: order.body.data.id },
    });
    expect(detail.body.data.template).toMatchObject({ id, name: '临时登记' });
    expect(detail.body.data.form_data).toMatchObject({ visitor: '李雷' });
    // a deleted template cannot be bound again, and its name is free
    const again = await call(h.app, 'POST', '/admin/Application/template_add', {
      token: admin,
      payload: { company_id: h.property, application_id: appId, template_id: id },
    });
    expect(again.status).toBe(404);
    expect((await tpl('add', { name: '临时登记' })).status).toBe(200);
  });

  it('a disabled template cannot be given to an application (400 on template_id)', async () => {
    const id = (await tpl('add', { name: '停用的模板', status: 0 })).body.data.id;
    const r = await call(h.app, 'POST', '/admin/Application/add', { token: admin, payload: { company_id: h.property, name: '新应用', template_id: id } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors.template_id).toEqual(['该模板已停用']);
  });

  it('isAutomatic reads for any member, sets with the edit action: audited and never cached', async () => {
    const id = (await tpl('add', { name: '自动派单', is_automatic: 0 })).body.data.id;
    const handler = await login(h.app, 'zhangwei');
    const read = await tpl('isAutomatic', { id }, handler);
    expect(read.body.data).toEqual({ id, is_automatic: false });
    await grantOnly(h, h.property, 'wuhao', { workorder: ['query'] });
    const member = await login(h.app, 'wuhao');
    expect((await tpl('isAutomatic', { id, is_automatic: 1 }, member)).status).toBe(403);
    const res = await h.app.inject({
      method: 'GET',
      url: '/index.php/admin/template/isAutomatic',
      query: { company_id: String(h.property), id: String(id), is_automatic: '1' },
      headers: { token: admin },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<{ data: unknown }>().data).toEqual({ id, is_automatic: true });
    expect((await tpl('isAutomatic', { id }, handler)).body.data.is_automatic).toBe(true);
    expect(await lastLog(h, h.property)).toMatchObject({ module: 'template', action: 'edit', target_id: id });
  });
});

describe('the common library', () => {
  let common: number;
  it('platform administrators add and edit common templates; a company administrator cannot', async () => {
    expect((await tpl('add', { is_private: 0, name: 'IT 报障（通用）', schema: form('device') })).status).toBe(403);
    const add = await tpl(
      'add',
      { is_private: 0, name: 'IT 报障（通用）', description: '电脑、网络、打印机', schema: form('device'), needs_review: 1 },
      platform,
    );
    expect(add.status).toBe(200);
    common = add.body.data.id;
    const edit = await tpl('edit', { is_private: 0, id: common, schema: form('device', 'symptom') }, platform);
    expect(edit.body.data).toMatchObject({ version: 2, is_private: 0, needs_review: true });
    expect((await tpl('edit', { is_private: 0, id: common, name: 'x' })).status).toBe(403);
    const log = await h.db.selectFrom('operation_logs').selectAll().where('module', '=', 'library').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ company_id: null, action: 'edit', target_id: common });
  });

  it('companies see enabled common templates only', async () => {
    const disabled = (await tpl('add', { is_private: 0, name: '停用的通用模板', status: 0 }, platform)).body.data.id;
    const seen = names(await tpl('listData', {}));
    expect(seen).toContain('IT 报障（通用）');
    expect(seen).not.toContain('停用的通用模板');
    expect(names(await tpl('listData', {}, platform))).toContain('停用的通用模板');
    expect((await tpl('detail', { is_private: 0, id: disabled })).status).toBe(404);
    expect((await tpl('detail', { is_private: 0, id: disabled }, platform)).status).toBe(200);
    const offered = await call(h.app, 'GET', '/admin/Application/common_template', { token: admin, payload: { company_id: h.property } });
    expect(offered.body.data.map((t: { name: string }) => t.name)).toContain('IT 报障（通用）');
    expect(offered.body.data.map((t: { name: string }) => t.name)).not.toContain('停用的通用模板');
    expect((await tpl('add', { copy_of: disabled })).status).toBe(404);
  });

  it('the public gallery: without a token the enabled common templates list and open; disabled and private ones do not', async () => {
    const anon = (path: string, payload: Record<string, unknown>) => call(h.app, 'POST', `/admin/template/${path}`, { payload });
    const listed = await anon('listData', { pageNo: 1, pageSize: 100 });
    expect(listed.status).toBe(200);
    expect(names(listed)).toContain('IT 报障（通用）');
    expect(names(listed)).not.toContain('停用的通用模板');
    const open = await anon('detail', { is_private: 0, id: common });
    expect(open.status).toBe(200);
    expect((open.body.data.schema as { list: unknown[] }).list).toHaveLength(2);
    const hidden = (await tpl('listData', { pageSize: 100 }, platform)).body.data.data.find((t: { name: string }) => t.name === '停用的通用模板');
    expect((await anon('detail', { is_private: 0, id: hidden.id })).status).toBe(404);
    // A stale token reads as nobody: still only the enabled ones.
    const stale = await call(h.app, 'POST', '/admin/template/listData', { token: 'not-a-token', payload: { pageSize: 100 } });
    expect(names(stale)).not.toContain('停用的通用模板');
    // Private templates and every change still need a signed-in member.
    const mine = (await tpl('privateTemplate', {})).body.data.data[0].id;
    expect((await anon('detail', { id: mine })).status).toBe(401);
    expect((await anon('privateTemplate', {})).status).toBe(401);
    expect((await anon('add', { copy_of: common })).status).toBe(401);
  });

  it('a company copies a common template: its own version 1, a "(copy)" name when the name is taken', async () => {
    const first = await tpl('add', { copy_of: common });
    const copy = await tpl('detail', { id: first.body.data.id });
    expect(copy.body.data).toMatchObject({ name: 'IT 报障（通用）', version: 1, is_private: 1, source_id: common, needs_review: true });
    expect((copy.body.data.schema as { list: unknown[] }).list).toHaveLength(2);
    const second = await tpl('add', { copy_of: common });
    expect((await tpl('detail', { id: second.body.data.id })).body.data.name).toBe('IT 报障（通用）（副本）');
    // the copy is the company's: changing the library does not touch it
    await tpl('edit', { is_private: 0, id: common, schema: form('device') }, platform);
    expect((await tpl('detail', { id: first.body.data.id })).body.data.version).toBe(1);
  });

  it('template_add with a common template copies it into the company and binds the copy', async () => {
    const appId = await applicationId(h, '投诉与建议');
    const r = await call(h.app, 'POST', '/admin/Application/template_add', {
      token: admin,
      payload: { company_id: h.property, application_id: appId, template_id: common, is_private: 0 },
    });
    expect(r.status).toBe(200);
    const bound = await h.db.selectFrom('templates').selectAll().where('id', '=', r.body.data.template_id).executeTakeFirstOrThrow();
    expect(bound).toMatchObject({ company_id: h.property, source_id: common });
  });

  it('a common template is deleted by the platform only; company copies stay', async () => {
    expect((await tpl('delete', { id: common })).status).toBe(403);
    expect((await tpl('delete', { id: common }, platform)).status).toBe(200);
    expect((await tpl('detail', { is_private: 0, id: common }, platform)).status).toBe(404);
    const copies = await h.db.selectFrom('templates').select('id').where('source_id', '=', common).where('deleted_at', 'is', null).execute();
    expect(copies.length).toBeGreaterThanOrEqual(2);
  });
});
