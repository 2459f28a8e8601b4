import { describe, expect, it } from 'vitest';
import { templateFields, uploadKeysOf, validateFormData, type FormTemplate } from '../src/index.ts';

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

  it('takes uploads by their id only: our url replaces the one sent, only name, size and mime stay, the count is limited', () => {
    const photos: FormTemplate = {
      list: [
        { type: 'uploadImg', label: '照片', model: 'photos', key: 'p', options: { limit: 2 } },
        { type: 'uploadFile', label: '附件', model: 'files', key: 'f' },
      ],
    };
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(32);
    const ok = validateFormData(photos, { photos: [{ fileId: a, uid: 'rc-1', url: 'https://evil.example/x.png' }], files: [{ fileId: b, name: 'x.pdf' }] });
    expect(ok.ok).toBe(true);
    expect(ok.value.photos).toEqual([{ fileId: a, url: `/admin/Upload/file?key=${a}`, thumbUrl: `/admin/Upload/file?key=${a}&thumb=1` }]);
    expect(ok.value.files).toEqual([{ fileId: b, name: 'x.pdf', url: `/admin/Upload/file?key=${b}` }]);
    expect(uploadKeysOf(photos, ok.value).map(({ model, keys }) => ({ model, keys }))).toEqual([
      { model: 'photos', keys: [a] },
      { model: 'files', keys: [b] },
    ]);
    expect(validateFormData(photos, { photos: [{ url: 'https://evil.example/x.png' }] }).errors.photos[0].code).toBe('type');
    expect(validateFormData(photos, { photos: [{ fileId: '../../etc/passwd' }] }).errors.photos[0].code).toBe('type');
    expect(validateFormData(photos, { photos: [{ fileId: a }, { fileId: b }, { fileId: 'c'.repeat(32) }] }).errors.photos[0]).toMatchObject({
      code: 'max',
      limit: 2,
    });
  });

  it('checks batch rows field by field, keeps their keys, names the row of an error and finds uploads inside', () => {
    const batch: FormTemplate = {
      list: [
        {
          type: 'batch',
          label: '物品清单',
          model: 'items',
          key: 'b',
          list: [
            { type: 'input', label: '名称', model: 'name', key: 'n', rules: [{ required: true }] },
            { type: 'number', label: '数量', model: 'qty', key: 'q', options: { min: 1 } },
            { type: 'uploadImg', label: '照片', model: 'pic', key: 'p' },
          ],
          rules: [{ required: true, message: '至少一行' }],
        },
      ],
    };
    expect(templateFields(batch).map((f) => f.model)).toEqual(['items']);
    const pic = 'd'.repeat(32);
    const ok = validateFormData(batch, {
      items: [
        { key: 1, name: '椅子', qty: '2', junk: 1 },
        { key: 2, name: '桌子', pic: [{ fileId: pic }] },
      ],
    });
    expect(ok.ok).toBe(true);
    expect((ok.value.items as unknown[])[0]).toEqual({ key: 1, name: '椅子', qty: 2 });
    expect(uploadKeysOf(batch, ok.value).map(({ model, keys }) => ({ model, keys }))).toEqual([{ model: 'items', keys: [pic] }]);
    expect(validateFormData(batch, { items: [{ name: '椅子' }, { qty: 0 }] }).errors.items[0]).toMatchObject({
      code: 'required',
      label: '物品清单 · 2 · 名称',
    });
    expect(validateFormData(batch, { items: [{ name: 'a', qty: 0 }] }).errors.items[0]).toMatchObject({ code: 'min', label: '物品清单 · 1 · 数量' });
    expect(validateFormData(batch, { items: [] }).errors.items[0]).toMatchObject({ code: 'required', message: '至少一行' });
    expect(validateFormData(batch, { items: ['x'] }).errors.items[0].code).toBe('type');
    expect(validateFormData(batch, { items: Array.from({ length: 201 }, () => ({ name: 'a' })) }).errors.items[0]).toMatchObject({ code: 'max', limit: 200 });
  });

  it('takes treeSelect values and cascader paths only from their option trees', () => {
    const tree = [
      { value: 'a', label: 'A', children: [{ value: 'a1', label: 'A1', children: [{ value: 'a11', label: 'A11' }] }] },
      { value: 'b', label: 'B' },
    ];
    const t: FormTemplate = {
      list: [
        { type: 'treeSelect', label: '区域', model: 'area', key: 't', options: { options: tree } },
        { type: 'treeSelect', label: '多区域', model: 'areas', key: 'u', options: { options: tree, treeCheckable: true } },
        { type: 'cascader', label: '位置', model: 'path', key: 'c', options: { options: tree } },
        { type: 'cascader', label: '远程', model: 'remote', key: 'r', options: { dynamic: true, dynamicKey: 'areas', options: [] } },
      ],
    };
    expect(validateFormData(t, { area: 'a11', areas: ['a1', 'b'], path: ['a', 'a1', 'a11'], remote: ['x', 'y'] }).ok).toBe(true);
    expect(validateFormData(t, { area: 'zz' }).errors.area[0].code).toBe('option');
    expect(validateFormData(t, { area: ['a'] }).errors.area[0].code).toBe('type');
    expect(validateFormData(t, { areas: ['a', 'nope'] }).errors.areas[0].code).toBe('option');
    // Each step a child of the one before, ending on a leaf.
    expect(validateFormData(t, { path: ['b', 'a1'] }).errors.path[0].code).toBe('option');
    expect(validateFormData(t, { path: ['a', 'a1'] }).errors.path[0].code).toBe('option');
    expect(validateFormData(t, { path: [{ value: 'a' }] }).errors.path[0].code).toBe('type');
    expect(validateFormData(t, { remote: Array.from({ length: 11 }, () => 'x') }).errors.remote[0].code).toBe('type');
  });

  it('checks selectInputList choices: one ticked unless multiple, fields of ticked choices only', () => {
    const t: FormTemplate = {
      list: [
        {
          type: 'selectInputList',
          label: '处理方式',
          model: 'how',
          key: 's',
          options: { multiple: false },
          rules: [{ required: true }],
          columns: [
            { value: '1', label: '上门', list: [{ type: 'input', label: '地址', model: 'addr', key: 'a', rules: [{ required: true }] }] },
            { value: '2', label: '电话', list: [{ type: 'input', label: '号码', model: 'tel', key: 'p' }] },
          ],
        },
      ],
    };
    expect(templateFields(t).map((f) => f.model)).toEqual(['how']);
    const ok = validateFormData(t, {
      how: [
        { checked: false, value: '1', addr: null },
        { checked: true, value: '2', tel: '123' },
      ],
    });
    expect(ok.value.how).toEqual([
      { checked: false, value: '1', label: '上门' },
      { checked: true, value: '2', label: '电话', tel: '123' },
    ]);
    expect(validateFormData(t, { how: [{ checked: true, value: '1' }] }).errors.how[0]).toMatchObject({ code: 'required', label: '处理方式 · 上门 · 地址' });
    expect(
      validateFormData(t, {
        how: [
          { checked: false, value: '1' },
          { checked: false, value: '2' },
        ],
      }).errors.how[0].code,
    ).toBe('required');
    expect(
      validateFormData(t, {
        how: [
          { checked: true, value: '1', addr: 'x' },
          { checked: true, value: '2' },
        ],
      }).errors.how[0].code,
    ).toBe('option');
    expect(validateFormData(t, { how: [{ checked: true, value: '9' }] }).errors.how[0].code).toBe('option');
  });

  it('treats an editor holding only empty markup as empty, sanitises its HTML with the given cleaner, and reads older forms labelled by name', () => {
    const t: FormTemplate = {
      list: [
        { type: 'editor', label: '说明', model: 'body', key: 'e', rules: [{ required: true, message: '请填写说明' }] },
        { type: 'input', name: '旧标签', model: 'old', key: 'o', rules: [{ required: true }] } as unknown as FormTemplate['list'][number],
      ],
    };
    const r = validateFormData(t, { body: '<p><br></p>' });
    expect(r.errors.body[0]).toMatchObject({ code: 'required', message: '请填写说明' });
    expect(r.errors.old[0]).toMatchObject({ code: 'required', label: '旧标签' });
    const clean = validateFormData(t, { body: '<p>hi<script>x</script></p>', old: 'x' }, { sanitizeHtml: (h) => h.replace(/<script>.*<\/script>/, '') });
    expect(clean.value.body).toBe('<p>hi</p>');
  });
});
