/**
 * The form designer as an administrator uses it: a new template gets fields by click and
 * by drag, properties are set (label, model id, required), a duplicate model id is caught
 * before saving, undo/redo work with the keyboard, a save makes version 2, the JSON
 * exports, bad JSON is refused on import, and the phone preview shows the form. Then the
 * designer in en-US. Screenshots go to test-results/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drag, newTemplateInDesigner } from './designer-steps.ts';
import { closeDialogWith } from './helpers.ts';
import { loginAs, openAs, quiet } from './staff.ts';

// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const items = (page: Page) => page.getByTestId('canvas-item');

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const name = `设备报修${String(Date.now() % 1_000_000)}`;

/** Drags palette entry `type` onto the canvas item at `index` (pointer steps, as a hand would). */
async function dragToCanvas(page: Page, type: string, index: number): Promise<void> {
  // A drag that did not land (seen once in CI: the pointer's path missed the drop target)
  // is tried again; one that landed is never repeated.
  const before = await items(page).count();
  await expect(async () => {
    if ((await items(page).count()) === before) await drag(page, page.getByTestId(`palette-${type}`), items(page).nth(index), 'top');
    await expect(items(page)).toHaveCount(before + 1, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/** The slot `n` of the container field labelled or typed `type` on the canvas. */
const slot = (page: Page, type: string, n: number) =>
  page.locator(`[data-testid="canvas-item"][data-type="${type}"]`).first().locator(`[data-testid="canvas-slot"][data-slot="${n}"]`).first();

test('an administrator designs a new form and saves it as version 2', async ({ page, request }) => {
  await newTemplateInDesigner(page, request, name);
  await expect(page.getByTestId('designer-canvas')).toContainText('从左侧拖入或点击字段开始设计表单');

  // A click adds a field at the end and selects it.
  await page.getByTestId('palette-input').click();
  await expect(items(page)).toHaveCount(1);
  await page.getByTestId('prop-label').fill('设备名称');
  await page.getByTestId('prop-model').fill('device_name');
  await page.getByTestId('prop-required').click();
  await expect(items(page).first()).toContainText('设备名称');

  await page.getByTestId('palette-textarea').click();
  await page.getByTestId('prop-label').fill('故障描述');
  // The same model id as the first field: said at once, and saving waits.
  await page.getByTestId('prop-model').fill('device_name');
  await expect(page.getByText('字段标识已被其他字段使用')).toBeVisible();
  await expect(page.getByTestId('designer-save')).toBeDisabled();
  await page.getByTestId('prop-model').fill('symptom');
  await expect(page.getByTestId('designer-save')).toBeEnabled();

  // Dragging a dropdown onto the first field puts it first.
  await dragToCanvas(page, 'select', 0);
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).first()).toContainText('下拉选择框');

  // Undo and redo with the keyboard (focus out of the inputs first).
  await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(items(page)).toHaveCount(2);
  await page.keyboard.press('Control+y');
  await expect(items(page)).toHaveCount(3);

  // The dropdown takes its choices from the company's departments instead of its own list.
  await items(page).first().click();
  await expect(page.getByTestId('options-editor')).toBeVisible();
  await page.getByTestId('prop-source').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '本公司部门' }).click();
  await expect(page.getByTestId('options-editor')).toBeHidden();
  await expect(page.getByTestId('field-properties')).toContainText('按本公司当前启用的数据填入选项');
  await shot(page, 'designer-zh-CN');

  await page.getByTestId('designer-save').click();
  await expect(page.locator('.ant-message-notice', { hasText: '已保存为第 2 版' })).toBeVisible();

  await page.getByTestId('designer-export').click();
  await expect(page.getByTestId('json-text')).toHaveValue(/"model": "device_name"/);
  await expect(page.getByTestId('json-text')).toHaveValue(/"dynamicKey": "departments"/);
  await closeDialogWith(page, 'json-close');
  await page.getByTestId('designer-import').click();
  await page.getByTestId('json-text').fill('{"fields": []}');
  await page.getByTestId('json-import-apply').click();
  await expect(page.getByText('这不是有效的表单 JSON')).toBeVisible();
  await closeDialogWith(page, 'json-cancel');
  await expect(items(page)).toHaveCount(3);

  await page.getByTestId('designer-preview').click();
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('设备名称');
  await expect(preview).toContainText('故障描述');
  await shot(page, 'designer-preview-zh-CN');
  await page.locator('.ant-drawer-close').click();

  await page.getByRole('button', { name: '返回模板列表' }).click();
  await expect(row(page, name)).toContainText('第 2 版');
});

test('the designer in en-US', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/template', 'en-US');
  await expect(row(page, name)).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await row(page, name).getByTestId('template-design').click();
  await expect(items(page)).toHaveCount(3);
  await items(page).nth(1).click();
  await expect(page.getByTestId('prop-label')).toHaveValue('设备名称');
  await expect(page.getByTestId('field-properties')).toContainText('Field id');
  await shot(page, 'designer-en-US');
});

test('fields go into grid columns and batch rows, move out again, and the JSON keeps the nesting', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/template');
  await expect(row(page, name)).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await row(page, name).getByTestId('template-design').click();
  await expect(items(page)).toHaveCount(3);
  await page.getByTestId('designer-clear').click();
  await expect(items(page)).toHaveCount(0);

  await page.getByTestId('palette-grid').click();
  await page.getByTestId('palette-batch').click();
  await drag(page, page.getByTestId('palette-input'), slot(page, 'grid', 1), 'bottom');
  await expect(slot(page, 'grid', 1).getByTestId('canvas-item')).toHaveCount(1);
  await drag(page, page.getByTestId('palette-date'), slot(page, 'grid', 0), 'bottom');
  await expect(slot(page, 'grid', 0).getByTestId('canvas-item')).toHaveCount(1);
  for (const type of ['input', 'number', 'select']) await drag(page, page.getByTestId(`palette-${type}`), slot(page, 'batch', 0), 'bottom');
  await expect(slot(page, 'batch', 0).getByTestId('canvas-item')).toHaveCount(3);
  // A layout cannot go into a row: said, and nothing changes.
  await drag(page, page.getByTestId('palette-grid'), slot(page, 'batch', 0), 'bottom');
  await expect(page.locator('.ant-message-notice', { hasText: '批量数据和多选输入组里只能放普通字段' })).toBeVisible();
  await expect(slot(page, 'batch', 0).getByTestId('canvas-item')).toHaveCount(3);
  await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
  await shot(page, 'designer-containers-zh-CN');

  // The date moves out of its column to the top of the form; undo puts it back.
  await drag(page, slot(page, 'grid', 0).getByTestId('canvas-item').first(), items(page).first(), 'top');
  await expect(slot(page, 'grid', 0).getByTestId('canvas-item')).toHaveCount(0);
  await expect(items(page).first()).toHaveAttribute('data-type', 'date');
  await page.getByTestId('designer-undo').click();
  await expect(slot(page, 'grid', 0).getByTestId('canvas-item')).toHaveCount(1);

  // Selecting a field in a column and clicking the palette adds right after it, in that column.
  await slot(page, 'grid', 1).getByTestId('canvas-item').first().click();
  await page.getByTestId('palette-textarea').click();
  await expect(slot(page, 'grid', 1).getByTestId('canvas-item')).toHaveCount(2);

  await page.getByTestId('designer-export').click();
  const json = JSON.parse(await page.getByTestId('json-text').inputValue()) as {
    list: { type: string; columns?: { list: { type: string }[] }[]; list?: { type: string }[] }[];
  };
  await closeDialogWith(page, 'json-close');
  expect(json.list.map((f) => f.type)).toEqual(['grid', 'batch']);
  expect(json.list[0].columns?.map((c) => c.list.map((f) => f.type))).toEqual([['date'], ['input', 'textarea']]);
  expect(json.list[1].list?.map((f) => f.type)).toEqual(['input', 'number', 'select']);

  // The grid gets a third column from its properties; a column holding fields cannot go.
  await page.locator('[data-testid="canvas-item"][data-type="grid"] .designer-container-bar').first().click();
  await page.getByTestId('layout-add-column').click();
  await expect(page.locator('[data-testid="canvas-item"][data-type="grid"] [data-testid="canvas-slot"]')).toHaveCount(3);
  await drag(page, page.getByTestId('palette-rate'), slot(page, 'grid', 2), 'bottom');
  await expect(slot(page, 'grid', 2).getByTestId('canvas-item')).toHaveCount(1);
  await page.locator('[data-testid="canvas-item"][data-type="grid"] .designer-container-bar').first().click();
  await expect(page.getByTestId('layout-remove-column')).toBeDisabled();
  await shot(page, 'designer-grid-columns-zh-CN');

  await page.getByTestId('designer-preview').click();
  await expect(page.getByTestId('template-preview').getByTestId(/^batch-/)).toBeVisible();
  await shot(page, 'designer-containers-preview-zh-CN');
  await page.locator('.ant-drawer-close').click();
  await page.getByTestId('designer-save').click();
  await expect(page.locator('.ant-message-notice', { hasText: '已保存为第 3 版' })).toBeVisible();
});
