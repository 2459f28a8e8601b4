import { describe, expect, it } from 'vitest';
import { flattenOptions, usedSources, validateFormData, withSourceOptions, type FormTemplate } from '../src/index.ts';

const tree = [{ value: 1, label: '总部', children: [{ value: 2, label: '信息部' }] }];
const template: FormTemplate = {
  list: [
    { type: 'select', label: '部门', model: 'd', key: 'd', options: { dynamic: true, dynamicKey: 'departments' } },
    {
      type: 'grid',
      label: '',
      model: '',
      key: 'g',
      columns: [{ list: [{ type: 'cascader', label: '路径', model: 'p', key: 'p', options: { dynamic: true, dynamicKey: 'departments' } }] }],
    },
    { type: 'radio', label: '其他', model: 'o', key: 'o', options: { dynamic: true, dynamicKey: 'http://evil.example/x' } },
    { type: 'input', label: '文字', model: 't', key: 't', options: { dynamic: true, dynamicKey: 'positions' } },
  ],
};

describe('option sources', () => {
  it('finds the sources a form uses at any depth, only on choice types and allowed keys', () => {
    expect([...usedSources(template)]).toEqual(['departments']);
  });

  it('flattens a tree with path labels for one-level types and keeps it for trees', () => {
    expect(flattenOptions(tree)).toEqual([
      { value: 1, label: '总部' },
      { value: 2, label: '总部 / 信息部' },
    ]);
    const filled = withSourceOptions(template, { departments: tree });
    expect(filled.list[0].options?.options).toHaveLength(2);
    expect(filled.list[1].columns?.[0].list[0].options?.options).toEqual(tree);
    // The input is not changed.
    expect(template.list[0].options?.options).toBeUndefined();
  });

  it('the validator then accepts only the filled choices', () => {
    const filled = withSourceOptions(template, { departments: tree });
    expect(validateFormData(filled, { d: 2, p: [1, 2] }).ok).toBe(true);
    expect(validateFormData(filled, { d: 99 }).ok).toBe(false);
    expect(validateFormData(filled, { p: [1] }).ok).toBe(false);
  });
});
