/**
 * Forms in the original designer's JSON shape (k-form-design 3.x: cards, tables, grids,
 * tabs, batch rows, choice lists, cascader and tree choices, rich text, uploads, a custom
 * type, and an older form whose items carry `name` instead of `label`), kept in
 * fixtures/k-form-design with a filled submission each. The validator takes the filled
 * values as they are and finds the mistakes a requester would make in them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { templateFields, validateFormData, type FormTemplate } from '../src/index.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'k-form-design');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const forms = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.values.json'))
  .map((f) => ({
    name: f.replace(/\.json$/, ''),
    form: read(f) as FormTemplate,
    values: read(f.replace(/\.json$/, '.values.json')) as Record<string, unknown>,
  }));

describe('k-form-design forms kept in the tests', () => {
  it('are all here', () => {
    expect(forms.map((f) => f.name).sort()).toEqual(['asset-inventory', 'facility-repair', 'legacy-named']);
  });

  for (const { name, form, values } of forms) {
    it(`${name}: the filled values pass and are kept as they are`, () => {
      const r = validateFormData(form, values);
      expect(r.errors).toEqual({});
      expect(r.value).toEqual(values);
    });
    it(`${name}: nothing missing is taken, every required field is named`, () => {
      const r = validateFormData(form, {});
      const required = templateFields(form).filter((f) => f.rules?.some((x) => x.required));
      expect(Object.keys(r.errors).sort()).toEqual(required.map((f) => f.model).sort());
    });
  }

  it('facility-repair: fields inside card, table cells, grid columns and tabs panes are all read', () => {
    const { form } = forms.find((f) => f.name === 'facility-repair')!;
    expect(templateFields(form).map((f) => f.model)).toEqual([
      'found_on',
      'place',
      'symptom',
      'urgency',
      'visit_time',
      'blocking',
      'expectation',
      'category',
      'needs',
      'contact',
      'phone',
      'photo_ok',
      'mark',
    ]);
    const r = validateFormData(form, { ...forms.find((f) => f.name === 'facility-repair')!.values, category: '9', urgency: 11, symptom: 'x'.repeat(501) });
    expect(Object.keys(r.errors).sort()).toEqual(['category', 'symptom', 'urgency']);
  });

  it('asset-inventory: a row without its name, a path not in the tree and an unknown department are refused', () => {
    const { form, values } = forms.find((f) => f.name === 'asset-inventory')!;
    const r = validateFormData(form, { ...values, assets: [{ asset: '', qty: 1 }], location: ['b', 'a2'], owners: ['hr'] });
    expect(Object.keys(r.errors).sort()).toEqual(['assets', 'location', 'owners']);
    expect(r.errors.assets[0].label).toBe('资产清单 · 1 · 资产名称');
    const html = validateFormData(
      form,
      { ...values, notes: '<p onclick="x()">ok</p><script>alert(1)</script>' },
      { sanitizeHtml: (h) => h.replace(/<script[\s\S]*?<\/script>/g, '').replace(/ on\w+="[^"]*"/g, '') },
    );
    expect(html.value.notes).toBe('<p>ok</p>');
  });

  it('legacy-named: `name` is the label in messages, and the pattern rule says its own message', () => {
    const { form, values } = forms.find((f) => f.name === 'legacy-named')!;
    const r = validateFormData(form, { ...values, mobile: '12345' });
    expect(r.errors.mobile).toEqual([expect.objectContaining({ label: '手机号', message: '手机号格式不正确' })]);
    expect(validateFormData(form, { mobile: '13912345678' }).errors.name[0]).toMatchObject({ code: 'required', label: '姓名', message: '请输入姓名' });
  });
});
