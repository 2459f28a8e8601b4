/**
 * Applications as the demo admin (zh-CN): an application is made over the repair template,
 * a handler is bound through the department-filtered picker, its public link submits an
 * order, the key is rotated and the old link shows "not found"; the link dialog shows the
 * QR code. Then the screen in en-US. Screenshots go to test-results/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerConfirm, API, chooseOption, submitRepairRequest } from './helpers.ts';
import { loginAs, openAs, quiet } from './staff.ts';

// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const keyOf = (href: string | null) => new URL(href ?? '', 'http://x').searchParams.get('app') ?? '';

test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

test('admin makes an application, binds a handler, its link submits; a rotated key leaves the old link not found', async ({ page, request }) => {
  const tag = String(Date.now() % 1_000_000);
  const name = `测试报修${tag}`;
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/application');
  await expect(row(page, '业主报修')).toBeVisible({ timeout: 30_000 });
  await quiet(page);

  await page.getByTestId('application-add').click();
  const form = page.locator('.ant-modal', { has: page.getByTestId('application-form') });
  await expect(form.locator('.ant-modal-title')).toHaveText('新增应用');
  await form.getByTestId('application-name').fill(name);
  await chooseOption(page, form.getByTestId('application-template'), '报事报修');
  await shot(page, 'application-form-zh-CN');
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(form).toBeHidden();
  await expect(row(page, name)).toBeVisible();

  await row(page, name).getByTestId('application-staff').click();
  const staff = page.locator('.ant-modal', { has: page.getByTestId('application-staff-select') });
  await chooseOption(page, staff.getByTestId('application-staff-select'), '张伟');
  await expect(staff.locator('.ant-select-selection-item', { hasText: '张伟' })).toBeVisible();
  // A multiple select keeps its list open: close it as a person would, by clicking elsewhere.
  await staff.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, 'application-staff-zh-CN');
  await staff.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(staff).toBeHidden();
  await expect(row(page, name).locator('td').nth(5)).toHaveText('1');

  await row(page, name).getByTestId('application-qr').click();
  const dialog = page.getByTestId('application-link-dialog');
  await expect(dialog.locator('canvas')).toBeVisible();
  const oldKey = keyOf(await dialog.getByTestId('application-link-url').getAttribute('href'));
  expect(oldKey.length).toBeGreaterThanOrEqual(22);
  await shot(page, 'application-link-zh-CN');
  const submitted = await submitRepairRequest(request, oldKey, `e2e 应用 ${tag}`);
  expect(submitted.id).toBeGreaterThan(0);

  await dialog.getByTestId('application-rotate-key').click();
  await answerConfirm(page, '更换链接');
  await expect(dialog.getByTestId('application-link-url')).not.toHaveAttribute('href', new RegExp(oldKey));
  const newKey = keyOf(await dialog.getByTestId('application-link-url').getAttribute('href'));
  expect((await request.post(`${API}/home/Work_Create/templateData`, { data: { app_key: newKey } })).status()).toBe(200);

  await page.goto(`/input?app=${encodeURIComponent(oldKey)}`);
  await expect(page.locator('.ant-result-404')).toBeVisible();
});

test('the applications screen in en-US', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/application', 'en-US');
  await expect(row(page, '业主报修')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('application-add')).toHaveText(/Add application/);
  await shot(page, 'application-list-en-US');
  await row(page, '业主报修').getByTestId('application-qr').click();
  await expect(page.getByTestId('application-link-dialog').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('application-qr-download')).toHaveText(/Download QR code/);
  await shot(page, 'application-link-en-US');
});
