/**
 * The account centre in Chromium (docs/design.md, "Account pages"), reached from the user
 * menu: the account, both demo companies with role and department, and the person's own
 * latest actions. Screenshots (account-center-*.png) in zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { userMenu } from './helpers.ts';
import { loginAs, openAs } from './staff.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `account-center-${name}.png`), animations: 'disabled' });

for (const [lang, menu, companies, role, login] of [
  ['zh-CN', '个人中心', '我的公司', '管理员', '登录'],
  ['en-US', 'Account centre', 'My companies', '管理员', 'Sign in'],
] as const) {
  test(`the account centre from the user menu (${lang})`, async ({ page, request }) => {
    const admin = await loginAs(request, 'admin');
    await openAs(page, admin, '/organization/staff', lang);
    await userMenu(page, menu);
    await expect(page).toHaveURL(/\/account\/center$/);
    const center = page.getByTestId('account-center');
    await expect(center.getByText(companies)).toBeVisible();
    await expect(center.locator('.ant-list-item').filter({ hasText: role })).toHaveCount(2);
    await expect(page.getByTestId('account-activity').locator('.ant-list-item').first()).toContainText(login);
    await page.mouse.move(600, 700);
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
    await shot(page, lang);
  });
}
