import { describe, expect, it } from 'vitest';
import { validateFormData, type FormTemplate } from '../src/index.ts';

const tpl: FormTemplate = {
  list: [
    {
      type: 'input',
      label: '位置',
      model: 'loc',
      key: 'a',
      rules: [
        { required: true, message: '请填写位置' },
        { pattern: '^\\d+栋$', message: '格式如 3栋' },
      ],
    },
    { type: 'number', label: '数量', model: 'qty', key: 'b', options: { min: 1, max: 5 } },
    {
      type: 'select',
      label: '类型',
      model: 'kind',
      key: 'c',
      options: {
        options: [
          { value: '1', label: '水电' },
          { value: '2', label: '门窗' },
        ],
      },
    },
    { type: 'checkbox', label: '时段', model: 'slots', key: 'd', options: { options: [{ value: 'am', label: '上午' }] } },
    { type: 'date', label: '日期', model: 'day', key: 'e' },
    { type: 'switch', label: '入户', model: 'entry', key: 'f' },
    {
      type: 'grid',
      label: '',
      model: '',
      key: 'g',
      columns: [{ list: [{ type: 'textarea', label: '描述', model: 'desc', key: 'h', options: { maxLength: 10 }, rules: [{ required: true }] }] }],
    },
  ],
};

describe('form validation', () => {
  it('accepts valid data and drops keys the template does not know', () => {
    const r = validateFormData(tpl, { loc: '3栋', qty: '2', kind: '1', slots: ['am'], day: '2026-11-23', entry: true, desc: '漏水', evil: '<script>' });
    expect(r.ok).toBe(true);
    expect(r.value).toEqual({ loc: '3栋', qty: 2, kind: '1', slots: ['am'], day: '2026-11-23', entry: true, desc: '漏水' });
  });

  it('reports each broken rule by field, including fields nested in layouts', () => {
    const r = validateFormData(tpl, { loc: '三栋', qty: 9, kind: '7', slots: 'am', day: '23/11/2026', entry: 'yes', desc: 'x'.repeat(11) });
    expect(r.ok).toBe(false);
    expect(Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, v[0].code]))).toEqual({
      loc: 'pattern',
      qty: 'max',
      kind: 'option',
      slots: 'type',
      day: 'type',
      entry: 'type',
      desc: 'maxLength',
    });
    expect(r.errors.loc[0].message).toBe('格式如 3栋');
  });

  it('requires required fields and treats empty strings and arrays as missing', () => {
    const r = validateFormData(tpl, { loc: '', desc: '   '.trim() });
    expect(Object.keys(r.errors).sort()).toEqual(['desc', 'loc']);
    expect(r.errors.loc[0]).toMatchObject({ code: 'required', message: '请填写位置' });
  });

  it('treats a non-object payload as empty', () => {
    expect(validateFormData(tpl, 'nope').ok).toBe(false);
    expect(validateFormData(tpl, [1, 2]).ok).toBe(false);
  });
});
