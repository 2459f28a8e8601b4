/**
 * A form from the designer to an order and back (docs/design.md section 16): an
 * administrator puts every palette type on a new form, drags fields into a grid's two
 * columns and three into a batch, sets a rule, a choice and a choice below another, tries the form in the preview
 * (required fields are said), undoes and redoes, and saves. The form is bound to an
 * application; a requester on a 390 px phone submits it with a photo; staff see the
 * thumbnail. Then the form is changed, and the older order still shows its own version
 * while the public form shows the new one. Screenshots go to test-results/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPost } from './helpers.ts';
import { drag, newTemplateInDesigner } from './designer-steps.ts';
import { applicationByName, loginAs, openAs, quiet } from './staff.ts';

// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', fullPage });
const items = (page: Page) => page.getByTestId('canvas-item');
const ofType = (page: Page, type: string) => page.locator(`[data-testid="canvas-item"][data-type="${type}"]`);
const slot = (page: Page, type: string, n: number) => ofType(page, type).first().locator(`[data-testid="canvas-slot"][data-slot="${n}"]`).first();

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const tag = String(Date.now() % 1_000_000);
const name = `全类型表单${tag}`;
const PALETTE = [
  'input',
  'textarea',
  'number',
  'select',
  'checkbox',
  'radio',
  'date',
  'time',
  'rate',
  'slider',
  'color',
  'switch',
  'uploadFile',
  'uploadImg',
  'treeSelect',
  'cascader',
  'batch',
  'selectInputList',
  'editor',
  'button',
  'alert',
  'text',
  'hint',
  'html',
  'divider',
  'card',
  'tabs',
  'grid',
  'table',
];

let templateId = 0;
let appKey = '';
let orderId = 0;

test('every palette type on one form, fields dragged into a grid and a batch, tried in the preview, saved', async ({ page, request }) => {
  templateId = await newTemplateInDesigner(page, request, name);
  expect(templateId).toBeGreaterThan(0);

  // Each click adds after the selected field, so the palette's order is the form's.
  for (const type of PALETTE) await page.getByTestId(`palette-${type}`).click();
  await expect(items(page)).toHaveCount(PALETTE.length);

  // The first field: a label, an id and a required rule.
  await items(page).first().click();
  await page.getByTestId('prop-label').fill('设备名称');
  await page.getByTestId('prop-model').fill('device');
  await page.getByTestId('prop-required').click();
  // The photo is required too.
  await ofType(page, 'uploadImg').first().click();
  await page.getByTestId('prop-label').fill('现场照片');
  await page.getByTestId('prop-model').fill('photo');
  await page.getByTestId('prop-required').click();
  // A choice of the dropdown gets its own words.
  await ofType(page, 'select').first().click();
  await page.getByTestId('options-editor').getByRole('textbox', { name: '选项名称' }).first().fill('电梯');
  // The tree's first choice gets one more below it.
  await ofType(page, 'treeSelect').first().click();
  const labels = page.getByTestId('options-editor').getByRole('textbox', { name: '选项名称' });
  await expect(labels).toHaveCount(3);
  await page.getByTestId('options-editor').getByRole('button', { name: '添加下级选项' }).first().click();
  await expect(labels).toHaveCount(4);
  await expect(labels.nth(2)).toHaveValue('选项1-2');

  // Into the grid's two columns and the batch's row, by drag and drop.
  await drag(page, page.getByTestId('palette-input'), slot(page, 'grid', 0), 'bottom');
  await expect(slot(page, 'grid', 0).getByTestId('canvas-item')).toHaveCount(1);
  await drag(page, page.getByTestId('palette-number'), slot(page, 'grid', 1), 'bottom');
  await expect(slot(page, 'grid', 1).getByTestId('canvas-item')).toHaveCount(1);
  for (const type of ['input', 'number', 'date']) await drag(page, page.getByTestId(`palette-${type}`), slot(page, 'batch', 0), 'bottom');
  await expect(slot(page, 'batch', 0).getByTestId('canvas-item')).toHaveCount(3);

  // Undo takes the last drop back; redo brings it again.
  await page.getByTestId('designer-undo').click();
  await expect(slot(page, 'batch', 0).getByTestId('canvas-item')).toHaveCount(2);
  await page.getByTestId('designer-redo').click();
  await expect(slot(page, 'batch', 0).getByTestId('canvas-item')).toHaveCount(3);
  await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
  await shot(page, 'designer-every-type-zh-CN');

  // The preview can be filled in: a check names what is missing, and stops naming it once given.
  await page.getByTestId('designer-preview').click();
  const preview = page.getByTestId('template-preview');
  await preview.getByTestId('preview-check').click();
  const deviceItem = preview.locator('.ant-form-item', { has: page.locator('[id="form_device"]') }).first();
  const photoItem = preview.locator('.ant-form-item', { hasText: '现场照片' }).first();
  await expect(deviceItem.locator('.ant-form-item-explain-error')).toBeVisible();
  await expect(photoItem.locator('.ant-form-item-explain-error')).toBeVisible();
  await preview.locator('[id="form_device"]').fill('2号电梯');
  await expect(deviceItem.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(photoItem.locator('.ant-form-item-explain-error')).toBeVisible();
  // The drawer covers the viewport only: a full-page picture would show the page beneath.
  await shot(page, 'designer-preview-check-zh-CN', false);
  await page.locator('.ant-drawer-close').click();

  await page.getByTestId('designer-save').click();
  await expect(page.locator('.ant-message-notice', { hasText: '已保存为第 2 版' })).toBeVisible();
});

test('bound to an application, a requester on a phone submits it with a photo; staff see the thumbnail', async ({ page, request }) => {
  expect(templateId).toBeGreaterThan(0);
  const admin = await loginAs(request, 'admin');
  const appName = `全类型应用${tag}`;
  await apiPost(request, admin.token, '/admin/Application/add', { company_id: admin.companyId, name: appName, template_id: templateId });
  appKey = (await applicationByName(request, admin, appName)).app_key;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/input?app=${appKey}`);
  await expect(page.getByText('设备名称')).toBeVisible();
  // Nothing sideways on a phone, with every type on the form.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const photo = await page.screenshot();
  await page.locator('[id="form_device"]').fill('2号电梯');
  await page
    .locator('.ant-form-item', { hasText: '现场照片' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'lift.png', mimeType: 'image/png', buffer: photo });
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await page.locator('#requester_name').fill('钱八');
  await page.locator('#requester_phone').fill('13900139008');
  await shot(page, 'form-story-phone-zh-CN');
  await page.locator('button[type="submit"]').last().click();
  await expect(page.getByTestId('order-no')).toBeVisible();
  await page.getByTestId('view-my-order').click();
  orderId = Number(new URL(page.url()).searchParams.get('id'));
  expect(orderId).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, admin, `/orders/workorder/detail/${orderId}`);
  await expect(page.getByText('2号电梯').first()).toBeVisible();
  const thumb = page.getByTestId('upload-thumb').locator('img');
  await expect(thumb).toHaveCount(1);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('after the form changes, the older order keeps its version and the public form shows the new one', async ({ page, request }) => {
  expect(orderId).toBeGreaterThan(0);
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, `/template/design/${templateId}`);
  await expect(items(page).first()).toContainText('设备名称', { timeout: 30_000 });
  await quiet(page);
  await items(page).first().click();
  await page.getByTestId('prop-label').fill('电梯编号');
  await page.getByTestId('designer-save').click();
  await expect(page.locator('.ant-message-notice', { hasText: '已保存为第 3 版' })).toBeVisible();

  await openAs(page, admin, `/orders/workorder/detail/${orderId}`);
  await expect(page.getByText('2号电梯').first()).toBeVisible();
  await expect(page.getByText('设备名称')).toBeVisible();
  await expect(page.getByText('电梯编号')).toHaveCount(0);

  await page.goto(`/input?app=${appKey}`);
  await expect(page.getByText('电梯编号')).toBeVisible();
  await expect(page.getByText('设备名称')).toHaveCount(0);
});
