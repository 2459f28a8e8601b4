/**
 * The organisation screens as the demo admin (zh-CN): a department tree (root + child),
 * a rename, a position and a category, a refused delete of a department with staff (the
 * server's 409 message), disable/enable, and the operation log's before/after of the
 * rename. Then every new screen in en-US. Screenshots go to test-results/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerConfirm, button } from './helpers.ts';
import { loginAs, openAs, quiet } from './staff.ts';

// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });

const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

/** Fills the open form dialog `title`'s name and saves it. */
async function saveName(page: Page, title: string, testId: string, name: string): Promise<void> {
  const dialog = page.locator('.ant-modal', { has: page.getByTestId(testId) });
  await expect(dialog.locator('.ant-modal-title')).toHaveText(title);
  await dialog.getByTestId(testId).fill(name);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: 'serial' });
// Many steps on a machine shared with other builds.
test.setTimeout(300_000);

test('admin builds and changes the organisation; the log shows before and after', async ({ page, request }) => {
  const tag = String(Date.now() % 1_000_000);
  const root = `测试总部${tag}`;
  const child = `测试分部${tag}`;
  const renamed = `测试中心${tag}`;
  const admin = await loginAs(request, 'admin');

  await openAs(page, admin, '/organization/department');
  // The first visit loads the page's code on a busy machine.
  await expect(row(page, '安保部')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await page.getByTestId('department-add').click();
  await saveName(page, '新增部门', 'department-name', root);
  await expect(row(page, root)).toBeVisible();
  await row(page, root).getByTestId('department-add-child').click();
  // The parent is the row's department.
  await expect(page.locator('.ant-modal', { has: page.getByTestId('department-name') }).locator('.ant-select-selection-item')).toContainText(root);
  await saveName(page, '新增部门', 'department-name', child);
  await expect(row(page, child)).toBeVisible();

  await row(page, root).getByTestId('department-edit').click();
  // A department cannot move under its own child: the picker greys it out.
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('department-name') });
  await dialog.getByTestId('department-parent').click();
  await expect(page.locator('.ant-select-tree-treenode-disabled', { hasText: child })).toBeVisible();
  // Closes the picker (Escape would close the dialog too).
  await dialog.locator('.ant-modal-title').click();
  await saveName(page, '编辑部门', 'department-name', renamed);
  await expect(row(page, renamed)).toBeVisible();
  await quiet(page);

  // 安保部 has staff: the server refuses, and its message shows.
  await row(page, '安保部').getByTestId('department-delete').click();
  await answerConfirm(page, '删除');
  await expect(page.locator('.ant-notification-notice')).toContainText('名员工');
  await expect(row(page, '安保部')).toBeVisible();
  await quiet(page);

  await row(page, child).getByTestId('department-status').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('不再出现在部门选择中');
  await answerConfirm(page, '停用');
  await expect(row(page, child)).toContainText('停用');
  await row(page, child).getByTestId('department-status').click();
  await answerConfirm(page, '启用');
  await expect(row(page, child).getByTestId('department-status')).toHaveText(button('停用'));
  await quiet(page);
  await shot(page, 'org-departments');

  await openAs(page, admin, '/organization/position');
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await page.getByTestId('position-add').click();
  await saveName(page, '新增岗位', 'position-name', `测试岗位${tag}`);
  await expect(row(page, `测试岗位${tag}`)).toBeVisible();
  // The keyword lands in the URL.
  await page.getByTestId('position-keyword').fill(`测试岗位${tag}`);
  await page.getByTestId('position-keyword').press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await quiet(page);
  await shot(page, 'org-positions');

  await openAs(page, admin, '/system/category');
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await page.getByTestId('category-add').click();
  await saveName(page, '新增分类', 'category-name', `测试分类${tag}`);
  await expect(row(page, `测试分类${tag}`)).toBeVisible();
  await quiet(page);
  await shot(page, 'org-categories');

  await openAs(page, admin, '/system/log?module=department&action=edit');
  const first = page.locator('.ant-table-row').first();
  await expect(first).toContainText('部门', { timeout: 30_000 });
  await first.click();
  const detail = page.getByTestId('log-detail').first();
  await expect(detail).toContainText(root);
  await expect(detail).toContainText(renamed);
  await expect(detail.locator('.log-row-changed', { hasText: 'name' })).toBeVisible();
  await expect(detail).toContainText('修改前');
  await quiet(page);
  await shot(page, 'org-operation-log');
});

test('the organisation screens in en-US', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const screens: [string, string, string][] = [
    ['org-departments-en', '/organization/department', 'Departments'],
    ['org-positions-en', '/organization/position', 'Positions'],
    ['org-categories-en', '/system/category', 'Categories'],
    ['org-operation-log-en', '/system/log?module=department', 'Operation log'],
  ];
  for (const [name, url, title] of screens) {
    await openAs(page, admin, url, 'en-US');
    await expect(page.locator('.ant-card-head-title', { hasText: title })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    if (name === 'org-operation-log-en') {
      await page.locator('.ant-table-row').first().click();
      await expect(page.getByTestId('log-detail').first()).toContainText('Before');
    }
    await quiet(page);
    await shot(page, name);
  }
});
