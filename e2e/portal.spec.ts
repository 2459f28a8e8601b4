/**
 * The requester portal (docs/product.md, section 2, "Requester pages"), end to end against the real server: a requester submits
 * through /input, follows the link to the order, sees it rejected by staff with the reason,
 * edits and resubmits it, withdraws another one, sees both in /orderList, cannot open
 * someone else's order, and finally sees the order completed. Also on a 390 px phone and
 * in en-US. Screenshots go to test-results/screenshots/portal-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateFields, type FormTemplate, type PublicOrderDetail } from '@swo/contract';
import { API, apiLogin, apiPost, fillTemplate, firstApplication } from './helpers.ts';
import { loginAs } from './staff.ts';

// Ignored by git; `npm run screenshots` copies them to docs/screenshots.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(SHOTS, `${name}.png`);

interface Staff {
  token: string;
  companyId: number;
}

/** Fills and submits the public form, then follows the "view my order" link; returns the order's id and ident. */
async function submitAndOpen(page: Page, appKey: string, template: FormTemplate, tag: string, name = '李四'): Promise<{ id: number; ident: string }> {
  await page.goto(`/input?app=${appKey}`);
  await fillTemplate(page, template, tag);
  await page.locator('#requester_name').fill(name);
  await page.locator('#requester_phone').fill('13900139000');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('order-no')).toBeVisible();
  await expect(page.getByTestId('my-orders')).toHaveAttribute('href', /^\/orderList\?ident=[\w.-]+$/);
  await page.getByTestId('view-my-order').click();
  await expect(page).toHaveURL(/\/orderInfo\?id=\d+&ident=/);
  const url = new URL(page.url());
  return { id: Number(url.searchParams.get('id')), ident: url.searchParams.get('ident') ?? '' };
}

/** The public view of an order, as the portal reads it. */
async function publicView(request: APIRequestContext, ident: string, id: number): Promise<PublicOrderDetail> {
  const res = await request.get(`${API}/admin/Applet/applet_work_order_see`, { params: { ident, id } });
  const body = (await res.json()) as { code: number; data: PublicOrderDetail };
  expect(body.code).toBe(200);
  return body.data;
}

/** Submits an order through the public API (with an ident: as that requester). */
async function createOrder(request: APIRequestContext, appKey: string, formData: Record<string, unknown>, name: string, ident?: string) {
  const res = await request.post(`${API}/home/Work_Create/createWorkNew`, {
    data: { app_key: appKey, form_data: formData, requester_name: name, requester_phone: '13700137000', ...(ident ? { ident } : {}) },
  });
  const body = (await res.json()) as { code: number; data: { id: number; order_no: string; ident: string } };
  expect(body.code).toBe(200);
  return body.data;
}

async function reject(request: APIRequestContext, staff: Staff, id: number, reason: string): Promise<void> {
  await apiPost(request, staff.token, '/admin/Workorder/work_order_reject', { company_id: staff.companyId, id, reason });
}

/** Staff claim and complete; when the template needs it, the reviewer 杨敏 passes the review (a handler may not review their own work). */
async function finish(request: APIRequestContext, staff: Staff, id: number): Promise<void> {
  const scope = { company_id: staff.companyId, id };
  await apiPost(request, staff.token, '/admin/Workorder/claim_work_order', scope);
  const done = await apiPost<{ status: string }>(request, staff.token, '/admin/Workorder/work_order_complete', { ...scope, note: '已上门处理完毕' });
  if (done.status === 'pending_review') {
    const reviewer = await loginAs(request, 'yangmin');
    await apiPost(request, reviewer.token, '/admin/Workorder/work_order_examine', { company_id: reviewer.companyId, id, pass: true });
  }
}

/** Waits until toasts and notifications are gone (clean screenshots). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
}

const status = (page: Page) => page.getByTestId('portal-status');

async function staffOf(request: APIRequestContext) {
  const { token, companies } = await apiLogin(request);
  const app = await firstApplication(request, token, companies[0].company_id);
  return { staff: { token, companyId: companies[0].company_id }, app };
}

test('requester follows, edits and resubmits, withdraws; sees only own orders; sees completion (zh-CN)', async ({ page, request }) => {
  const { staff, app } = await staffOf(request);
  const stamp = Date.now();

  // Submit, follow the link to the order: waiting for assignment.
  const first = await submitAndOpen(page, app.appKey, app.template, `门户 ${stamp}`);
  expect(first.ident).toBe(await page.evaluate(() => window.localStorage.getItem('ident')));
  await expect(status(page)).toHaveText('待指派');
  await expect(page.getByTestId('portal-steps')).toBeVisible();
  await expect(page.getByTestId('portal-event').first()).toHaveAttribute('data-action', 'create');

  // Staff reject it; the requester reloads and sees why.
  const reason = '请补充具体的门牌号和方便上门的时间';
  await reject(request, staff, first.id, reason);
  await page.reload();
  await expect(status(page)).toHaveText('已驳回');
  await expect(page.getByTestId('portal-reason')).toHaveText(reason);
  await expect(page.getByTestId('portal-withdraw')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('portal-order-info'), fullPage: true, animations: 'disabled' });

  // Edit and resubmit: the form comes pre-filled; a field is changed.
  await page.getByTestId('portal-edit').click();
  await expect(page).toHaveURL(/\/editInput\?id=\d+&ident=/);
  const text = templateFields(app.template).find((f) => f.type === 'input' || f.type === 'textarea');
  expect(text, 'the demo template has a text field').toBeTruthy();
  const control = page.locator(`[id="form_${text!.model}"]`);
  await expect(control).not.toHaveValue('');
  // Client-side validation with the server's rules: a required field emptied is marked, nothing is sent.
  if ((text!.rules ?? []).some((r) => r.required)) {
    await control.fill('');
    await page.getByTestId('portal-resubmit').click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
  }
  const changed = `已补充：3 栋 1204 室，工作日 18 点后 ${stamp}`.slice(0, text!.options?.maxLength ?? 200);
  await control.fill(changed);
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: shot('portal-edit'), fullPage: true, animations: 'disabled' });
  await page.getByTestId('portal-resubmit').click();
  await expect(page.getByText('已重新提交')).toBeVisible();
  await page.getByTestId('portal-view-order').click();
  await expect(status(page)).toHaveText('待指派');
  await expect(page.locator('.portal-form-data')).toContainText(changed);
  await expect(page.getByTestId('portal-event').first()).toHaveAttribute('data-action', 'resubmit');
  expect((await publicView(request, first.ident, first.id)).form_data[text!.model]).toBe(changed);

  // A second order (same requester: the stored ident is reused), withdrawn after confirming.
  const second = await submitAndOpen(page, app.appKey, app.template, `撤回 ${stamp}`);
  expect(second.ident).toBe(first.ident);
  await expect(status(page)).toHaveText('待指派');
  await page.getByTestId('portal-withdraw').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /撤\s?回/ }).click();
  await expect(status(page)).toHaveText('已撤回');
  await expect(page.getByTestId('portal-withdraw')).toHaveCount(0);
  await expect(page.getByTestId('portal-edit')).toHaveCount(0);

  // A third one, sent with the same ident through the API and rejected by staff.
  const formData = (await publicView(request, first.ident, first.id)).form_data;
  const third = await createOrder(request, app.appKey, formData, '李四', first.ident);
  expect(third.ident).toBe(first.ident);
  await reject(request, staff, third.id, '该区域暂不在服务范围内');

  // My orders: all three, newest first, with their statuses (and the reason when rejected).
  await page.goto(`/orderList?ident=${first.ident}`);
  const cards = page.getByTestId('portal-order');
  const firstNo = (await publicView(request, first.ident, first.id)).order_no;
  const secondNo = (await publicView(request, first.ident, second.id)).order_no;
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toHaveAttribute('data-order-no', third.order_no);
  await expect(cards.nth(1)).toHaveAttribute('data-order-no', secondNo);
  await expect(page.locator(`[data-order-no="${firstNo}"]`)).toContainText('待指派');
  await expect(page.locator(`[data-order-no="${secondNo}"]`)).toContainText('已撤回');
  await expect(page.locator(`[data-order-no="${third.order_no}"]`)).toContainText('已驳回');
  await expect(page.locator(`[data-order-no="${third.order_no}"]`)).toContainText('该区域暂不在服务范围内');
  // Without ?ident= the stored one is used and put into the address.
  await page.goto('/orderList');
  await expect(page).toHaveURL(new RegExp(`/orderList\\?ident=${first.ident}$`));
  await expect(page.locator(`[data-order-no="${firstNo}"]`)).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('portal-order-list'), fullPage: true, animations: 'disabled' });

  // Someone else's order: a friendly "not found", no error notification.
  const otherOrder = await createOrder(request, app.appKey, formData, '王五');
  expect(otherOrder.ident).not.toBe(first.ident);
  await page.goto(`/orderInfo?id=${otherOrder.id}&ident=${first.ident}`);
  await expect(page.getByTestId('portal-not-found')).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await page.goto(`/editInput?id=${first.id}&ident=${otherOrder.ident}`);
  await expect(page.getByTestId('portal-not-found')).toBeVisible();
  await page.getByRole('button', { name: '我的工单' }).click();
  await expect(page).toHaveURL(new RegExp(`/orderList\\?ident=${otherOrder.ident}$`));
  await expect(page.getByTestId('portal-order')).toHaveCount(1);

  // Staff handle the first order to the end; the requester sees it completed.
  await finish(request, staff, first.id);
  await page.goto(`/orderInfo?id=${first.id}&ident=${first.ident}`);
  await expect(status(page)).toHaveText('已完成');
  await expect(page.locator('.portal-steps .ant-steps-item-finish').last()).toContainText('已完成');
  await expect(page.getByTestId('portal-event').first()).toHaveAttribute('data-action', /complete|examine_pass/);
  await expect(page.getByTestId('portal-edit')).toHaveCount(0);
});

test('the portal on a 390 px phone', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const { staff, app } = await staffOf(request);
  const order = await submitAndOpen(page, app.appKey, app.template, `手机 ${Date.now()}`, '赵六');
  await reject(request, staff, order.id, '照片不清楚，请重新描述故障位置');
  await page.reload();
  await expect(status(page)).toHaveText('已驳回');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(page);
  await page.screenshot({ path: shot('portal-mobile'), fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: '我的工单' }).click();
  await expect(page.getByTestId('portal-order')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('the portal in en-US', async ({ page, request }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  const { staff, app } = await staffOf(request);
  const order = await submitAndOpen(page, app.appKey, app.template, `EN ${Date.now()}`, 'Alice Requester');
  await expect(status(page)).toHaveText('Awaiting assignment');
  await reject(request, staff, order.id, 'Please add the room number and a time we can visit.');
  await page.reload();
  await expect(status(page)).toHaveText('Rejected');
  await expect(page.getByTestId('portal-reason')).toHaveText('Please add the room number and a time we can visit.');
  await expect(page.getByRole('button', { name: 'Edit and resubmit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(page.getByText('The order was rejected')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('portal-order-info-en'), fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'My orders' }).click();
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  await expect(page.getByTestId('portal-order').first()).toContainText('Rejected');
});
