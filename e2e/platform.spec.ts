/**
 * The platform screens as the platform administrator `super` (zh-CN): under 系统 a hidden
 * menu whose internal url opens an existing page and a visible http(s) link, which the side
 * menu shows as a new-tab link at once (the user's menus reload after a save); an account
 * and a company with generated passwords shown once; the company disabled and enabled
 * again; the two menus deleted. Then the three screens and their forms in en-US.
 * Screenshots go to PLATFORM_SHOTS (default test-results/screenshots).
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerConfirm, API, button, chooseOption } from './helpers.ts';
import { loginAs, openAs, quiet } from './staff.ts';

// Ignored by git.
const SHOTS = process.env.PLATFORM_SHOTS ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `platform-${name}.png`), animations: 'disabled' });

const rowByKey = (page: Page, key: string) => page.locator('.ant-table-row', { has: page.locator('td code', { hasText: new RegExp(`^${key}$`) }) });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const dialogOf = (page: Page, testId: string) => page.locator('.ant-modal', { has: page.getByTestId(testId) });

/** The password of the open "shown once" dialog; closes it. */
async function takePassword(page: Page, done: string): Promise<{ password: string; text: string }> {
  const box = page.getByTestId('one-time-password');
  await expect(box).toBeVisible();
  const password = ((await box.getByTestId('generated-password').textContent()) ?? '').trim();
  const text = (await box.textContent()) ?? '';
  await answerConfirm(page, done);
  return { password, text };
}

test.describe.configure({ mode: 'serial' });
// Many steps on a machine shared with other builds.
test.setTimeout(300_000);

test('super adds a hidden menu and a link, an account and a company', async ({ page, request, baseURL }) => {
  const tag = String(Date.now() % 1_000_000);
  const hidden = { name: `归档日志${tag}`, key: `archive${tag}`, url: `/system/archive${tag}` };
  const link = { name: `帮助文档${tag}`, key: `helpdoc${tag}`, url: `${baseURL}/404?from=menu${tag}` };
  const superUser = await loginAs(request, 'super');

  await openAs(page, superUser, '/permissionList');
  await expect(rowByKey(page, 'system')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  // Built-in menus are never deleted.
  await expect(rowByKey(page, 'system').getByTestId('menu-delete')).toHaveCount(0);
  await shot(page, 'menus-zh');

  // A hidden page under 系统, bound to an existing page.
  await rowByKey(page, 'system').getByTestId('menu-add-child').click();
  let dialog = dialogOf(page, 'menu-name');
  await expect(dialog.getByTestId('menu-parent')).toContainText('系统');
  await dialog.getByTestId('menu-name').fill(hidden.name);
  await dialog.getByTestId('menu-key').fill(hidden.key);
  await dialog.getByTestId('menu-url').fill(hidden.url);
  await chooseOption(page, dialog.getByTestId('menu-component'), 'OperationLog');
  await dialog.getByTestId('menu-show').click();
  await expect(dialog.getByTestId('menu-show')).toHaveAttribute('aria-checked', 'false');
  await quiet(page);
  await shot(page, 'menu-form-zh');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(rowByKey(page, hidden.key)).toContainText('隐藏');

  // A visible http(s) link: the component becomes Link by itself.
  await rowByKey(page, 'system').getByTestId('menu-add-child').click();
  dialog = dialogOf(page, 'menu-name');
  await dialog.getByTestId('menu-name').fill(link.name);
  await dialog.getByTestId('menu-key').fill(link.key);
  await dialog.getByTestId('menu-url').fill(link.url);
  await expect(dialog.getByTestId('menu-component')).toContainText('Link');
  await chooseOption(page, dialog.getByTestId('menu-icon'), 'Link');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(rowByKey(page, link.key)).toBeVisible();

  // The side menu follows without a page reload: the link opens a new tab, the hidden menu is absent.
  const sider = page.locator('.app-sider .ant-menu');
  const system = sider.locator('.ant-menu-submenu', { has: page.locator('.ant-menu-submenu-title', { hasText: /^系统$/ }) });
  const menuLink = sider.getByRole('link', { name: link.name });
  await expect(async () => {
    if (!(await system.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await system.locator('.ant-menu-submenu-title').click();
    await expect(menuLink).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(menuLink).toHaveAttribute('target', '_blank');
  await expect(menuLink).toHaveAttribute('href', link.url);
  await expect(menuLink).toHaveAttribute('rel', /noopener/);
  await expect(sider.getByText(hidden.name)).toHaveCount(0);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), menuLink.click()]);
  await expect(tab).toHaveURL(new RegExp(`from=menu${tag}`));
  await tab.close();
  await expect(page).toHaveURL(/\/permissionList$/);

  // The hidden menu's url still opens its page.
  await page.goto(hidden.url);
  await expect(page.locator('.ant-card-head-title', { hasText: '操作日志' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.app-sider .ant-menu').getByText(hidden.name)).toHaveCount(0);

  // An account: no password typed, so one is generated and shown once; it signs in and must change it.
  await openAs(page, superUser, '/userList');
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await shot(page, 'accounts-zh');
  await page.getByTestId('account-add').click();
  dialog = dialogOf(page, 'account-username');
  await dialog.getByTestId('account-username').fill(`e2e.user${tag}`);
  await dialog.getByTestId('account-nickname').fill(`测试账号${tag}`);
  await dialog.getByTestId('account-email').fill(`e2e${tag}@example.com`);
  await quiet(page);
  await shot(page, 'account-form-zh');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await shot(page, 'account-password-zh');
  const account = await takePassword(page, '我已记下');
  expect(account.password.length).toBeGreaterThanOrEqual(8);
  const signIn = await request.post(`${API}/admin/Login/sign`, {
    data: { username: `e2e.user${tag}`, password: account.password, remember_me: false, captcha: '' },
  });
  const signed = (await signIn.json()) as { code: number; data: { must_change_password?: boolean } };
  expect(signed.code).toBe(200);
  expect(signed.data.must_change_password).toBe(true);
  await page.getByTestId('account-keyword').fill(`e2e.user${tag}`);
  await page.getByTestId('account-keyword').press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(row(page, `e2e.user${tag}`)).toContainText('待改密码');
  // A new password, generated again: the dialog says the account is signed out.
  await row(page, `e2e.user${tag}`).getByTestId('account-set-password').click();
  dialog = dialogOf(page, 'account-new-password');
  await expect(dialog).toContainText('立即退出所有登录');
  await quiet(page);
  await shot(page, 'account-set-password-zh');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  const reset = await takePassword(page, '我已记下');
  expect(reset.password).not.toBe(account.password);
  expect(reset.password.length).toBeGreaterThanOrEqual(8);

  // A company with a new first administrator (generated password); disabled and enabled again.
  const company = `测试公司${tag}`;
  await openAs(page, superUser, '/platform/company');
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await shot(page, 'companies-zh');
  await page.getByTestId('company-add').click();
  dialog = dialogOf(page, 'company-name');
  await expect(dialog.getByTestId('company-time-zone')).toContainText('Asia/Shanghai');
  await dialog.getByTestId('company-name').fill(company);
  await dialog.getByTestId('company-admin-username').fill(`e2e.admin${tag}`);
  await dialog.getByTestId('company-admin-name').fill(`测试管理员${tag}`);
  await quiet(page);
  await shot(page, 'company-form-zh');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await shot(page, 'company-created-zh');
  const created = await takePassword(page, '我已记下');
  expect(created.password.length).toBeGreaterThanOrEqual(8);
  expect(created.text).toContain('新账号');
  await page.getByTestId('company-keyword').fill(company);
  await page.getByTestId('company-keyword').press('Enter');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(row(page, company)).toContainText(`测试管理员${tag}`);

  await row(page, company).getByTestId('company-status').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('失去访问权限');
  await answerConfirm(page, '停用');
  await expect(row(page, company).getByTestId('company-status')).toHaveText(button('启用'));
  await row(page, company).getByTestId('company-status').click();
  await answerConfirm(page, '启用');
  await expect(row(page, company).getByTestId('company-status')).toHaveText(button('停用'));
  await quiet(page);

  // The two menus go again (other specs count the demo menus).
  await openAs(page, superUser, '/permissionList');
  for (const key of [hidden.key, link.key]) {
    await expect(rowByKey(page, key)).toBeVisible({ timeout: 30_000 });
    await rowByKey(page, key).getByTestId('menu-delete').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText('无法恢复');
    await answerConfirm(page, '删除');
    await expect(rowByKey(page, key)).toHaveCount(0);
  }
});

test('the platform screens and their forms in en-US', async ({ page, request }) => {
  const superUser = await loginAs(request, 'super');
  const screens: [string, string, string, string, string][] = [
    ['menus', 'menu-form', '/permissionList', 'Menus', 'menu-add'],
    ['accounts', 'account-form', '/userList', 'Accounts', 'account-add'],
    ['companies', 'company-form', '/platform/company', 'Companies', 'company-add'],
  ];
  for (const [name, form, url, title, add] of screens) {
    await openAs(page, superUser, url, 'en-US');
    await expect(page.locator('.ant-card-head-title', { hasText: title })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await quiet(page);
    await shot(page, `${name}-en`);
    await page.getByTestId(add).click();
    await expect(page.getByTestId(form)).toBeVisible();
    await quiet(page);
    await shot(page, `${form}-en`);
  }
});
