/**
 * In-app notifications in Chromium (docs/design.md, "Notifications"): a dispatcher assigns
 * an order to a handler; the handler sees the bell's badge, opens the notification, lands
 * on the order's detail and the badge goes down; with "assigned to me" turned off in the
 * account settings, the next assignment notifies nobody. Screenshots
 * (notifications-bell-*.png, notifications-settings-*.png) in zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiPost, dismissNotifications } from './helpers.ts';
import { applicationByName, createRepairOrder, loginAs, openAs, type Account } from './staff.ts';

// This spec's own client address (sign-in limits are per address).
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' } });

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `notifications-${name}.png`), animations: 'disabled' });

interface Inbox {
  data: { id: number; event: string; work_order_id: number; read_at: string | null }[];
  unread: number;
}
const inbox = (request: APIRequestContext, a: Account) =>
  apiGet<Inbox>(request, a.token, '/account/notifications', { company_id: a.companyId, pageNo: 1, pageSize: 100 });

/** A new repair order, assigned by `dispatcher` to 张伟. */
async function assignedOrder(request: APIRequestContext, dispatcher: Account, what: string) {
  const app = await applicationByName(request, dispatcher, '业主报修');
  const order = await createRepairOrder(request, dispatcher, app.id, '通知测试', what);
  const staff = await apiGet<{ id: number; name: string }[]>(request, dispatcher.token, '/admin/Workorder/employee_list', {
    company_id: dispatcher.companyId,
    application_id: app.id,
  });
  const zhangwei = staff.find((s) => s.name === '张伟')!;
  const r = await apiPost<{ results: { ok: boolean }[] }>(request, dispatcher.token, '/admin/Batch_Work/batchWorkAssign', {
    company_id: dispatcher.companyId,
    ids: [order.id],
    staff_id: zhangwei.id,
  });
  expect(r.results[0].ok).toBe(true);
  return order;
}

const badge = (page: Page) => page.getByTestId('notification-badge').locator('.ant-badge-count');
async function expectBadge(page: Page, n: number) {
  if (n === 0) await expect(badge(page)).toHaveCount(0);
  else await expect(badge(page)).toHaveAttribute('title', String(n));
}

const ALL_ON = { assigned: true, review: true, rejected: true, completed: true, awaiting: true };

for (const [lang, event, settingsTab, assignedTitle, saved] of [
  ['zh-CN', '工单已指派给您', '通知', '指派给我', '通知设置已保存'],
  ['en-US', 'Assigned to you', 'Notifications', 'Assigned to me', 'Notification settings saved'],
] as const) {
  test(`the bell tells a handler of an assignment, and the setting stops it (${lang})`, async ({ page, request }) => {
    const dispatcher = await loginAs(request, 'wangfang');
    const handler = await loginAs(request, 'zhangwei');
    await apiPost(request, handler.token, '/account/notification-settings', ALL_ON);
    // Start from a read inbox, so the badge counts this test's notification only.
    await apiPost(request, handler.token, '/account/notifications/read', { company_id: handler.companyId, all: true });

    const order = await assignedOrder(request, dispatcher, `通知 ${lang}`);
    const mine = await inbox(request, handler);
    expect(mine.unread).toBe(1);
    expect(mine.data[0]).toMatchObject({ event: 'assigned', work_order_id: order.id });

    await openAs(page, handler, '/orders/mine', lang);
    await dismissNotifications(page);
    await expectBadge(page, 1);
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('notification-panel');
    const item = panel.getByTestId('notification-item').filter({ hasText: order.order_no });
    await expect(item).toContainText(event);
    await expect(item).toHaveClass(/notification-unread/);
    await page.mouse.move(0, 0);
    await shot(page, `bell-${lang}`);

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/detail/${order.id}$`));
    await expect(page.getByText(order.order_no).first()).toBeVisible();
    await expectBadge(page, 0);
    expect((await inbox(request, handler)).data.find((n) => n.work_order_id === order.id)!.read_at).not.toBeNull();

    // Turn "assigned to me" off: the next assignment writes nothing.
    await page.goto('/account/settings?section=notification');
    await expect(page.getByRole('tab', { name: settingsTab, selected: true })).toBeVisible();
    const settings = page.getByTestId('notification-settings');
    await expect(settings.getByText(assignedTitle)).toBeVisible();
    await expect(page.getByTestId('notification-switch-assigned')).toBeChecked();
    await dismissNotifications(page);
    await shot(page, `settings-${lang}`);
    await page.getByTestId('notification-switch-assigned').click();
    await expect(page.getByText(saved)).toBeVisible();
    await expect(page.getByTestId('notification-switch-assigned')).not.toBeChecked();
    const stored = await apiGet<typeof ALL_ON>(request, handler.token, '/account/notification-settings', {});
    expect(stored).toEqual({ ...ALL_ON, assigned: false });

    const quiet = await assignedOrder(request, dispatcher, `不通知 ${lang}`);
    const after = await inbox(request, handler);
    expect(after.unread).toBe(0);
    expect(after.data.some((n) => n.work_order_id === quiet.id)).toBe(false);
    await page.reload();
    await expectBadge(page, 0);

    await apiPost(request, handler.token, '/account/notification-settings', ALL_ON);
  });
}
