/**
 * The runtime form with the composite and rich types (docs/design.md section 16): a
 * requester fills rich text, a batch of rows, a choice with its own field, a tree and a
 * cascader; the browser refuses a row missing a required cell before sending; staff see
 * the rows as a table, the ticked choice, the labels of the tree and the path, and the
 * rich text without anything that runs. Screenshots in zh-CN (desktop and phone) and en-US.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPost } from './helpers.ts';
import { applicationByName, loginAs, openAs, quiet } from './staff.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', fullPage: true });

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const name = `物品损坏登记${Date.now() % 1_000_000}`;
const tree = [
  { value: 'b1', label: '1号楼', children: [{ value: 'f3', label: '3层' }] },
  { value: 'b2', label: '2号楼' },
];
const schema = {
  list: [
    {
      type: 'editor',
      label: '情况说明',
      model: 'body',
      key: 'e',
      options: { placeholder: '请描述情况' },
      rules: [{ required: true, message: '请填写情况说明' }],
    },
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
      rules: [{ required: true, message: '请至少登记一件物品' }],
    },
    {
      type: 'selectInputList',
      label: '回访方式',
      model: 'contact',
      key: 's',
      options: { multiple: false },
      columns: [
        {
          value: 'tel',
          label: '电话',
          list: [{ type: 'input', label: '号码', model: 'number', key: 't', options: { placeholder: '回访号码' }, rules: [{ required: true }] }],
        },
        { value: 'visit', label: '上门', list: [] },
      ],
      rules: [],
    },
    { type: 'treeSelect', label: '楼栋', model: 'building', key: 'u', options: { options: tree }, rules: [] },
    { type: 'cascader', label: '位置', model: 'where', key: 'c', options: { options: tree }, rules: [] },
  ],
  config: { layout: 'vertical' },
};

let orderId = 0;

test('a requester fills rich text, rows, a choice, a tree and a path', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const tpl = await apiPost<{ id: number }>(request, admin.token, '/admin/template/add', { company_id: admin.companyId, is_private: 1, name, schema });
  await apiPost(request, admin.token, '/admin/Application/add', { company_id: admin.companyId, name, template_id: tpl.id });
  const key = (await applicationByName(request, admin, name)).app_key;

  await page.goto(`/input?app=${key}`);
  const editor = page.locator('.ql-editor');
  await expect(editor).toBeVisible();
  await editor.fill('3楼会议室的椅子和白板损坏');

  await page.getByRole('button', { name: '增加一行' }).click();
  await page.getByRole('button', { name: '增加一行' }).click();
  await page.locator('#items_0_name').fill('椅子');
  await page.locator('#items_0_qty').fill('4');
  await page.locator('#items_1_qty').fill('1');

  await page.getByTestId('choices-contact').getByText('电话').click();
  await page.locator('#contact_0_number').fill('13800000009');

  await page.locator('.tpl-field-treeSelect .ant-select-selector').click();
  await page.locator('.ant-select-tree-title', { hasText: '3层' }).click();
  await page.locator('.tpl-field-cascader .ant-select-selector').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '1号楼' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '3层' }).click();

  await page.locator('#requester_name').fill('钱八');
  await page.locator('#requester_phone').fill('13900139008');
  // The second row has no name: the browser says so before anything is sent.
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.tpl-field-batch .ant-form-item-explain-error')).toHaveText('损坏物品 · 2 · 名称为必填项');
  await page.locator('#items_1_name').fill('白板');
  await shot(page, 'form-types-zh-CN');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('order-no')).toBeVisible();
  await page.getByTestId('view-my-order').click();
  orderId = Number(new URL(page.url()).searchParams.get('id'));
  expect(orderId).toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('白板', { exact: true })).toBeVisible();
  await shot(page, 'form-types-order-phone-zh-CN');
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`staff read every type in the order detail (${lang})`, async ({ page, request }) => {
    const admin = await loginAs(request, 'admin');
    await openAs(page, admin, `/orders/workorder/detail/${orderId}`, lang);
    const table = page.locator('.form-value-batch');
    await expect(table).toContainText('白板');
    await expect(table).toContainText('4');
    await expect(page.getByText('1号楼 / 3层')).toBeVisible();
    await expect(page.locator('.form-value-choices')).toContainText('电话');
    await expect(page.locator('.form-value-choices')).toContainText('13800000009');
    await expect(page.locator('.rich-text')).toHaveText('3楼会议室的椅子和白板损坏');
    await quiet(page);
    await shot(page, `form-types-detail-${lang}`);
  });
}
