/**
 * Invitation to first sign-in in Chromium (docs/design.md, "Invitations"): the administrator
 * adds a member with a phone number, copies the invitation link from the staff row, and the
 * person opens it in a browser of their own, chooses username and password, and lands in the
 * company. A used link then says it is no longer valid. Screenshots (invitation-*.png) in
 * zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, OPEN_DROPDOWN } from './helpers.ts';
import { loginAs, openAs } from './staff.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `invitation-${name}.png`), animations: 'disabled' });
const CHOSEN = 'Willow-Granite-Comet-74';

test('an invited member chooses username and password and lands in the company', async ({ page, browser, request }) => {
  const admin = await loginAs(request, 'admin');
  const roles = await apiPost<{ data: { id: number; name: string }[] }>(request, admin.token, '/base/role/rolelist', {
    company_id: admin.companyId,
    pageNo: 1,
    pageSize: 50,
  });
  const role = roles.data.find((r) => r.name === '普通员工') ?? roles.data[roles.data.length - 1];
  const stamp = Date.now().toString(36);
  await apiPost(request, admin.token, '/admin/Staff/add', {
    company_id: admin.companyId,
    name: '邀请新人',
    job_number: `INV-${stamp}`,
    role_id: role.id,
    status: 1,
    username: `inv.${stamp}`,
    phone: '13900002222',
  });

  await openAs(page, admin, `/organization/staff?keyword=${encodeURIComponent('邀请新人')}`);
  const row = page.getByTestId('staff-table').locator('.ant-table-row', { hasText: '邀请新人' });
  await row.getByTestId('staff-more').click();
  await page.locator(OPEN_DROPDOWN).getByTestId('staff-invite').click();
  const url = (await page.getByTestId('invitation-url').innerText()).trim();
  expect(url).toMatch(/\/user\/register\?invitation=[\w-]{40,}$/);
  await shot(page, 'link-zh-CN');

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(url);
  await expect(newcomer.getByRole('heading', { name: '加入「安居物业服务有限公司」' })).toBeVisible();
  await expect(newcomer.locator('#username')).toHaveValue(`inv.${stamp}`);
  await shot(newcomer, 'accept-zh-CN');
  await newcomer.locator('#username').fill(`mine.${stamp}`);
  await newcomer.locator('#password').fill(CHOSEN);
  await newcomer.locator('#confirmpassword').fill(CHOSEN);
  await newcomer.getByRole('button', { name: '完成并登录' }).click();
  await expect(newcomer).not.toHaveURL(/\/user\//);
  await expect(
    newcomer
      .getByText('邀请新人')
      .or(newcomer.getByText(`mine.${stamp}`))
      .first(),
  ).toBeVisible();

  // Spent: the same link now says so.
  const again = await browser.newContext();
  const late = await again.newPage();
  await late.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  await late.goto(url);
  await expect(late.getByRole('heading', { name: 'This invitation is no longer valid' })).toBeVisible();
  await shot(late, 'gone-en-US');
  await again.close();
  await context.close();
});

test('the acceptance page in en-US', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const roles = await apiPost<{ data: { id: number; name: string }[] }>(request, admin.token, '/base/role/rolelist', {
    company_id: admin.companyId,
    pageNo: 1,
    pageSize: 50,
  });
  const stamp = Date.now().toString(36);
  const added = await apiPost<{ id: number }>(request, admin.token, '/admin/Staff/add', {
    company_id: admin.companyId,
    name: 'Ana Souza',
    job_number: `INV-${stamp}`,
    role_id: roles.data[roles.data.length - 1].id,
    status: 1,
    username: `ana.${stamp}`,
    email: 'ana@example.com',
  });
  const link = await apiPost<{ path: string }>(request, admin.token, '/admin/Staff/invite', { company_id: admin.companyId, id: added.id });
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  await page.goto(link.path);
  await expect(page.getByRole('heading', { name: 'Join 安居物业服务有限公司' })).toBeVisible();
  await expect(page.getByText('Hello Ana Souza!')).toBeVisible();
  await shot(page, 'accept-en-US');
});
