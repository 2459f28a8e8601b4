/**
 * Forms made with the original designer (k-form-design 3.x JSON, kept in
 * packages/contract/test/fixtures/k-form-design) survive the server whole: stored and read
 * back with every key, saved again without a new version, and a requester's filled values
 * go through the public form into the order unchanged (rich text cleaned on the way).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, login, setup, type Harness } from './helper.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/contract/test/fixtures/k-form-design');
const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
const names = ['facility-repair', 'asset-inventory', 'legacy-named'];

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
});
afterAll(() => h.close());

const tpl = (p: string, payload: object) => call(h.app, 'POST', `/admin/template/${p}`, { token: admin, payload: { company_id: h.property, ...payload } });

describe('k-form-design forms on the server', () => {
  for (const name of names) {
    it(`${name}: stored and read back with every key; saved again unchanged, no new version`, async () => {
      const schema = read(`${name}.json`);
      const add = await tpl('add', { name: `导入 ${name}`, schema });
      expect(add.status).toBe(200);
      const id = (add.body.data as { id: number }).id;
      const detail = await tpl('detail', { id });
      expect(detail.body.data.schema).toEqual(schema);
      const again = await tpl('edit', { id, schema: detail.body.data.schema });
      expect(again.body.data.version).toBe(1);
    });
  }

  it('a requester submits each form through an application; the order keeps the values as filled', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const { template_id } = await h.db.selectFrom('applications').select('template_id').where('app_key', '=', key).executeTakeFirstOrThrow();
    for (const name of names) {
      expect((await tpl('edit', { id: template_id, schema: read(`${name}.json`) })).status).toBe(200);
      const values = read(`${name}.values.json`);
      const made = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
        payload: { app_key: key, requester_name: '测试业主', requester_phone: '13600001111', form_data: values },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', {
        token: admin,
        payload: { company_id: h.property, id: made.body.data.id },
      });
      expect(detail.body.data.form_data).toEqual(values);
      expect(detail.body.data.template.schema).toEqual(read(`${name}.json`));
    }
  });

  it('rich text with a script or an event handler is stored without them', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const { template_id } = await h.db.selectFrom('applications').select('template_id').where('app_key', '=', key).executeTakeFirstOrThrow();
    await tpl('edit', { id: template_id, schema: read('asset-inventory.json') });
    const values = { ...read('asset-inventory.values.json'), notes: '<p>盘点<img src="x" onerror="alert(1)"></p><script>alert(2)</script>' };
    const made = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: { app_key: key, requester_name: '测试业主', requester_phone: '13600001111', form_data: values },
    });
    expect(made.status).toBe(200);
    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', {
      token: admin,
      payload: { company_id: h.property, id: made.body.data.id },
    });
    const notes = String((detail.body.data.form_data as { notes: string }).notes);
    expect(notes).toContain('盘点');
    expect(notes).not.toMatch(/script|onerror|alert/);
  });
});
