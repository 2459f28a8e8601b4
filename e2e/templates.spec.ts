/**
 * Templates as people meet them: the platform administrator adds a common template to the
 * library; the company administrator finds it in the library gallery, previews it on a
 * phone-width frame, uses it (a copy of the company's own), turns on automatic dispatch,
 * sees the copy offered to an application, and is refused deleting a template in use.
 * Then the screen in en-US. Screenshots go to test-results/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseOption, searchSelect, signIn } from './helpers.ts';
import { loginAs, openAs, quiet } from './staff.ts';

// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const tag = String(Date.now() % 1_000_000);
const common = `报销申请${tag}`;

test('the platform adds a common template to the library', async ({ page, request }) => {
  const platform = await loginAs(request, 'super');
  await openAs(page, platform, '/platform/template');
  await expect(row(page, '会议室预约')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await page.getByTestId('template-add').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('template-form') });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('新增通用模板');
  await dialog.getByTestId('template-name').fill(common);
  await dialog.getByLabel('描述').fill('差旅和日常费用报销');
  await dialog.getByTestId('template-review').click();
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(row(page, common)).toBeVisible();
  await expect(row(page, common)).toContainText('需要审核');
  await shot(page, 'template-library-zh-CN');
});

test('a company uses a library template, previews it, turns on automatic dispatch and binds it', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/template');
  await expect(row(page, '报事报修')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await shot(page, 'templates-zh-CN');

  await page.getByRole('tab', { name: '模板库' }).click();
  const card = page.getByTestId('template-card').filter({ hasText: '会议室预约' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('template-card').filter({ hasText: common })).toBeVisible();
  await card.getByRole('button', { name: /预\s?览/ }).click();
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('会议主题');
  await expect(preview).toContainText('参会人数');
  await shot(page, 'template-preview-zh-CN');
  await page.locator('.ant-drawer-close').click();
  await expect(preview).toBeHidden();

  await card.getByTestId('template-use').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByRole('tab', { name: '本公司模板', selected: true })).toBeVisible();
  const copy = row(page, '会议室预约');
  await expect(copy).toBeVisible();
  await expect(copy).toContainText('模板库');

  const automatic = copy.getByTestId('template-automatic-switch');
  await expect(automatic).not.toBeChecked();
  await automatic.click();
  await expect(page.locator('.ant-message-notice', { hasText: '已开启自动派单' })).toBeVisible();
  await expect(automatic).toBeChecked();

  // The copy is offered to an application (in the company's group); the library's own are offered too.
  await openAs(page, admin, '/orders/application');
  await expect(row(page, '业主报修')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await row(page, '投诉与建议').getByTestId('application-edit').click();
  const form = page.locator('.ant-modal', { has: page.getByTestId('application-form') });
  // Typed, as a person would among many templates (the list opens scrolled to the current one).
  const dropdown = await searchSelect(page, form.getByTestId('application-template'), '会议室预约');
  await expect(dropdown.locator('.ant-select-item-group', { hasText: '本公司模板' })).toBeVisible();
  await expect(dropdown.locator('.ant-select-item-group', { hasText: '模板库' })).toBeVisible();
  await dropdown.locator('.ant-select-item-option', { hasText: '会议室预约' }).first().click();
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(form).toBeHidden();
  await expect(row(page, '投诉与建议')).toContainText('会议室预约');

  // In use now: deleting it is refused with the server's reason, and it stays.
  await openAs(page, admin, '/orders/template');
  await expect(row(page, '会议室预约')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await row(page, '会议室预约').getByTestId('template-delete').click();
  await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
  await expect(page.getByText('还有 1 个应用在使用该模板，不能删除')).toBeVisible();
  await expect(row(page, '会议室预约')).toBeVisible();

  // Put the application back on its own template, as other specs expect it.
  await openAs(page, admin, '/orders/application');
  await expect(row(page, '投诉与建议')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await row(page, '投诉与建议').getByTestId('application-edit').click();
  await chooseOption(page, form.getByTestId('application-template'), '投诉建议');
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(form).toBeHidden();
  await expect(row(page, '投诉与建议')).toContainText('投诉建议');
});

test('the templates screen in en-US', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/template', 'en-US');
  await expect(row(page, '报事报修')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await expect(page.getByRole('tab', { name: 'Our templates' })).toBeVisible();
  await expect(page.locator('.ant-table-thead')).toContainText('Automatic dispatch');
  await shot(page, 'templates-en-US');
  await row(page, '报事报修').getByTestId('template-preview-open').click();
  await expect(page.getByTestId('template-preview')).toBeVisible();
  await shot(page, 'template-preview-en-US');
});

test('the public gallery: a visitor previews without signing in, then signs in to use a template and lands in the designer', async ({ page }) => {
  await page.goto('/templateList');
  const card = page.getByTestId('template-card').filter({ hasText: '会议室预约' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '模板库' })).toBeVisible();
  // The plain gallery only shows; copying is /templateListCopy's.
  await expect(page.getByTestId('template-use')).toHaveCount(0);
  await shot(page, 'gallery-zh-CN');
  await card.getByRole('button', { name: /预\s?览/ }).click();
  await expect(page.getByTestId('template-preview')).toContainText('会议主题');
  await shot(page, 'gallery-preview-zh-CN');

  await page.goto('/templateListCopy');
  await card.getByTestId('template-use').click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await signIn(page, /^登\s?录$/);
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('会议室预约');
  await confirm.getByRole('button', { name: '使用此模板' }).click();
  await expect(page).toHaveURL(/\/template\/design\/\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('canvas-item').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('canvas-item').filter({ hasText: '会议主题' })).toBeVisible();
});

test('the public gallery in en-US', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  await page.goto('/templateListCopy');
  await expect(page.getByTestId('template-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Template gallery' })).toBeVisible();
  await expect(page.getByTestId('template-use').first()).toHaveText('Use this template');
  await shot(page, 'gallery-en-US');
});
