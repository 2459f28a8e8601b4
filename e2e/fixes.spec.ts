/**
 * Smaller defects (zh-CN unless noted): no fake sign-up, the phone order page without
 * sideways scroll, dialog validation, the list's error state, tabs across a reload, and
 * who is offered the reminder and the staff picker.
 */
import { expect, test } from '@playwright/test';
import { API, apiLogin, apiPost, firstApplication, useSession } from './helpers.ts';

test('"get an account" says whom to ask and offers no sign-up form', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('link', { name: '获取账户' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
  await expect(page.getByTestId('get-account')).toContainText('请联系公司的系统管理员');
  await expect(page.locator('form, input')).toHaveCount(0);
  // The old result page no longer claims an activation e-mail was sent.
  await page.goto('/user/register-result');
  await expect(page).toHaveURL(/\/user\/register$/);
  await expect(page.getByText(/激活|activation/i)).toHaveCount(0);
  await page.getByRole('link', { name: '使用已有账户登录' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('a phone shows an order with a review step without sideways scroll', async ({ browser, request }) => {
  const { token, companies } = await apiLogin(request);
  const app = await firstApplication(request, token, companies[0].company_id);
  expect(app.name).toBe('业主报修');
  const res = await request.post(`${API}/home/Work_Create/createWorkNew`, {
    data: {
      app_key: app.appKey,
      form_data: { location: '3栋2单元1502', repair_type: '1', description: '手机查看：卫生间漏水', urgency: '2' },
      requester_name: '周七',
      requester_phone: '13700137000',
    },
  });
  const order = ((await res.json()) as { data: { id: number; ident: string } }).data;
  // Claimed and completed: it waits for review.
  const scope = { company_id: companies[0].company_id, id: order.id };
  await apiPost(request, token, '/admin/Workorder/claim_work_order', scope);
  const done = await apiPost<{ status: string }>(request, token, '/admin/Workorder/work_order_complete', { ...scope, note: '已处理' });
  expect(done.status).toBe('pending_review');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`/orderInfo?id=${order.id}&ident=${order.ident}`);
  // Submitted, processing, review, completed.
  await expect(page.getByTestId('portal-steps').locator('.ant-steps-item')).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/portal-review-390.png', fullPage: true, animations: 'disabled' });
  await context.close();
});
