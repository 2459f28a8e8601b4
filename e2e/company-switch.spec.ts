/**
 * Choosing the company without a page reload (issue 12): the admin, a member of both demo
 * companies, switches on the work-order list; the page is not loaded again, the list, the
 * header, the tab bar and the bell are the new company's. Another tab of the same browser
 * follows the switch instead of acting in a company it does not show.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiLogin, chooseCompany, userMenu, useSession, type Company } from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `company-switch-${name}.png`), animations: 'disabled' });

declare global {
  interface Window {
    /** Set by the test: survives only as long as the page is not loaded again. */
    __marker?: number;
  }
}

/** The link of the list's first row to its order's detail. */
const firstRow = (page: Page) => page.locator('.ant-table-row a.order-no').first();
const detailOf = (id: number) => new RegExp(`/detail/${id}$`);

test('switching company keeps the page loaded and shows only the new company', async ({ page, context, request }) => {
  const { token, companies } = await apiLogin(request);
  expect(companies.length).toBeGreaterThan(1);
  const [first, second] = companies;
  // Order numbers are per company (both may have the same one): rows are told apart by id.
  const newest = async (c: Company) =>
    (await apiGet<{ data: { id: number }[] }>(request, token, '/admin/Workorder/list', { company_id: c.company_id, pageNo: 1, pageSize: 10 })).data[0].id;
  const [firstId, secondId] = [await newest(first), await newest(second)];
  expect(firstId).not.toBe(secondId);

  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  await expect(firstRow(page)).toHaveAttribute('href', detailOf(firstId));
  await expect(page.locator('.header-company')).toHaveText(first.company_name);
  // A second tab of the same browser, on the same list.
  const other = await context.newPage();
  await other.goto('/orders/workorder');
  await expect(firstRow(other)).toHaveAttribute('href', detailOf(firstId));

  await page.evaluate(() => {
    window.__marker = 1;
  });
  await shot(page, 'before');
  await userMenu(page, '切换公司');
  await chooseCompany(page, '切换公司', second.company_name, /^确\s?认$/);

  await expect(other.locator('.ant-message-notice', { hasText: second.company_name })).toBeVisible();
  // Same document, the list page kept (the other company has it too), its orders now.
  await expect(page.locator('.header-company')).toHaveText(second.company_name);
  await expect(page).toHaveURL(/\/orders\/workorder$/);
  await expect(firstRow(page)).toHaveAttribute('href', detailOf(secondId));
  await expect(page.locator(`.ant-table-row a.order-no[href$="/detail/${firstId}"]`)).toHaveCount(0);
  expect(await page.evaluate(() => window.__marker)).toBe(1);
  // The tab bar starts again with the page shown; the bell is the new company's.
  await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(1);
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await shot(page, 'after');

  // The other tab follows (and says so) instead of sending calls for a company it no longer shows.
  await expect(other.locator('.header-company')).toHaveText(second.company_name);
  await expect(firstRow(other)).toHaveAttribute('href', detailOf(secondId));
  await shot(other, 'other-tab');
});
