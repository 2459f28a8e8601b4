/**
 * Smaller behaviours (zh-CN): the 404 page, the route guard's redirect query, the
 * multi-tab bar's rules, the logout confirmation, the change-password dialog with
 * permission-gated buttons, the public form's unknown key, code 101, list state in the
 * URL (filters, and the page across a reload), a long title in the list, cut and
 * shown whole on hover, and dialogs without their animation when the system asks for
 * reduced motion (the suite's setting, playwright.config.ts), with it when it does not.
 */
import { expect, test, type Page } from '@playwright/test';
import { templateFields } from '@swo/contract';
import { apiLogin, apiPost, chooseCompany, fillTemplate, firstApplication, OPEN_DROPDOWN, SETTLED_CONFIRM, signIn, userMenu, useSession } from './helpers.ts';
import { loginAs, openAs } from './staff.ts';

const tabs = (page: Page) => page.getByTestId('multi-tab').locator('.ant-tabs-tab');
const tab = (page: Page, text: string) => tabs(page).filter({ hasText: text });

/** Right-clicks a tab and chooses an item of its context menu. */
async function tabMenu(page: Page, text: string, item: string): Promise<void> {
  const entry = page.locator(OPEN_DROPDOWN).getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await tab(page, text).locator('.multi-tab-label').click({ button: 'right' });
    await expect(entry).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await entry.click();
}

test('an unknown route shows the 404 page; without a token it asks to sign in first', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);

  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: /返回首页/ }).click();
  // Home is the first menu page: the analysis dashboard.
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
});

test('a protected page without a token goes to login with the redirect query, and back after sign-in', async ({ page }) => {
  await page.goto('/orders/workorder?status=processing');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Forders%2Fworkorder%3Fstatus%3Dprocessing$/);
  await signIn(page, /^登\s?录$/);
  await expect(page).toHaveURL(/\/orders\/workorder\?status=processing$/);
  await chooseCompany(page, '切换公司', '安居物业服务有限公司', /^确\s?认$/);
  await expect(page).toHaveURL(/\/orders\/workorder\?status=processing$/);
  await expect(page.locator('.status-tabs .ant-tabs-tab-active')).toContainText('处理中');
  // A signed-in user opening login goes to the default path.
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
});

test('the list cuts a long title and shows it whole in a tooltip on hover', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  const title = page.locator('.ant-table-row').first().locator('td.ant-table-cell-ellipsis').first();
  const full = (await title.textContent()) ?? '';
  expect(full.length).toBeGreaterThan(5);
  await expect(title).toHaveCSS('text-overflow', 'ellipsis');
  await title.locator('span').hover();
  await expect(page.locator('.ant-tooltip:visible')).toHaveText(full);
});

test('multi-tab bar: a tab per route, context menu, last tab stays', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  await expect(tabs(page)).toHaveCount(1);
  await expect(tab(page, '工单列表').locator('.ant-tabs-tab-remove')).toHaveCount(0);

  await page.locator('.ant-menu').getByText('应用管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/orders\/application$/);
  await page.locator('.ant-menu').getByText('工单列表', { exact: true }).click();
  await page.locator('.ant-table-row a.order-no').first().click();
  await expect(page).toHaveURL(/\/detail\/\d+$/);
  await expect(tabs(page)).toHaveCount(3);
  await expect(tabs(page).nth(2)).toHaveClass(/ant-tabs-tab-active/);

  await tabMenu(page, '工单列表', '关闭左侧');
  await expect(page.locator('.ant-message-notice', { hasText: '左侧没有标签' })).toBeVisible();
  await tabMenu(page, '工单详情', '关闭右侧');
  await expect(page.locator('.ant-message-notice', { hasText: '右侧没有标签' })).toBeVisible();
  await expect(tabs(page)).toHaveCount(3);

  // Close all on the middle tab keeps it; the active tab was closed, so it becomes active.
  await tabMenu(page, '应用管理', '关闭全部');
  await expect(tabs(page)).toHaveCount(1);
  await expect(page).toHaveURL(/\/orders\/application$/);
  await expect(tab(page, '应用管理').locator('.ant-tabs-tab-remove')).toHaveCount(0);

  // Closing the active tab selects the last remaining one.
  await page.locator('.ant-menu').getByText('工单列表', { exact: true }).click();
  await expect(tabs(page)).toHaveCount(2);
  await tab(page, '工单列表').locator('.ant-tabs-tab-remove').click();
  await expect(tabs(page)).toHaveCount(1);
  await expect(page).toHaveURL(/\/orders\/application$/);

  // Close right / close left.
  await page.locator('.ant-menu').getByText('工单列表', { exact: true }).click();
  await expect(tabs(page)).toHaveCount(2);
  await tabMenu(page, '应用管理', '关闭右侧');
  await expect(tabs(page)).toHaveCount(1);
  await expect(page).toHaveURL(/\/orders\/application$/);
  await page.locator('.ant-menu').getByText('工单列表', { exact: true }).click();
  await tabMenu(page, '工单列表', '关闭左侧');
  await expect(tabs(page)).toHaveCount(1);
  await expect(page).toHaveURL(/\/orders\/workorder$/);
  // Close current on the last tab: it stays.
  await tabMenu(page, '工单列表', '关闭当前标签');
  await expect(page.locator('.ant-message-notice', { hasText: '最后一个标签' })).toBeVisible();
  await expect(tabs(page)).toHaveCount(1);
});

test('logout asks for confirmation', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  const logout = () => userMenu(page, '退出登录');
  await logout();
  const confirm = page.locator(SETTLED_CONFIRM);
  await expect(confirm).toContainText('确定要退出登录吗？');
  await confirm.getByRole('button', { name: /取\s?消/ }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/orders\/workorder$/);
  await logout();
  await confirm.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('Access-Token'))).toBeNull();
  // The token was revoked on the server.
  const res = await request.get('/index.php/user/info', { headers: { token }, params: { company_id: companies[0].company_id } });
  expect(((await res.json()) as { code: number }).code).toBe(101);
});

/** Classes the logout confirmation had while it opened and closed (its animation's among them). */
async function confirmationClasses(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { seenClasses: Set<string> }).seenClasses = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('.ant-modal'))) for (const c of Array.from(el.classList)) seen.add(c);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await userMenu(page, '退出登录');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定要退出登录吗？');
  await confirm.getByRole('button', { name: /取\s?消/ }).click();
  await expect(confirm).toBeHidden();
  return page.evaluate(() => [...(window as unknown as { seenClasses: Set<string> }).seenClasses]);
}

test('dialogs open without animation when the system asks for reduced motion, and zoom when it does not', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  // An animation runs while its "-active" class is on (rc-motion's steps).
  expect((await confirmationClasses(page)).filter((c) => c.endsWith('-active'))).toEqual([]);
  // Followed live: no reload.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await confirmationClasses(page)).toEqual(expect.arrayContaining(['ant-zoom-appear-active', 'ant-zoom-leave-active']));
});

test('a staff member without the claim action sees no claim button; change password signs out', async ({ page }) => {
  await page.goto('/user/login');
  await page.locator('#userName').fill('wuhao');
  await page.locator('#password').fill('SmartWO#2026');
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page).toHaveURL(/\/orders\/workorder$/);
  // One company: no company dialog. Only the list in the menu; query/get only.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.ant-menu').getByText('应用管理')).toHaveCount(0);
  await page.locator('.status-tabs').getByText('待指派').click();
  await expect(page).toHaveURL(/status=unassigned/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /认\s?领/ })).toHaveCount(0);

  await userMenu(page, '修改密码');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(dialog).toContainText('请输入旧密码！');
  await expect(dialog).toContainText('请输入新密码！');
  await expect(dialog).toContainText('请确认新密码！');
  await dialog.locator('#oldpassword').fill('SmartWO#2026');
  await dialog.locator('#password').fill('NewPass#2026');
  await dialog.locator('#confirmpassword').fill('Different#1');
  await expect(dialog).toContainText('两次输入的密码不一致！');
  await dialog.locator('#confirmpassword').fill('NewPass#2026');
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: /确\s?定/ }).click()]);
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await page.locator('#userName').fill('wuhao');
  await page.locator('#password').fill('NewPass#2026');
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page).toHaveURL(/\/orders\/workorder/);
});

test('the public form with an unknown key shows a friendly 404', async ({ page }) => {
  await page.goto('/input?app=no-such-app');
  await expect(page.getByText('表单不存在')).toBeVisible();
});

test('code 101 (an invalid token) signs out and goes to login', async ({ page, request }) => {
  const { companies } = await apiLogin(request);
  await useSession(page, 'not-a-valid-token', companies);
  await page.goto('/orders/application');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Forders%2Fapplication$/);
  await expect(page.locator('.ant-notification-notice', { hasText: '错误' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('Access-Token'))).toBeNull();
});

test('field errors of a 400 reply are marked on the public form; the client keeps the same rules', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  const app = await firstApplication(request, token, companies[0].company_id);
  const model = templateFields(app.template)[0].model;
  let sent = 0;
  await page.route('**/index.php/home/Work_Create/createWorkNew', (route) => {
    sent += 1;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 400,
        msg: '表单数据校验失败',
        data: { errors: { [model]: ['服务器：该项有误'], requester_phone: ['服务器：电话有误'] } },
      }),
    });
  });
  await page.goto(`/input?app=${app.appKey}`);
  await fillTemplate(page, app.template, 'E2E 400');
  await page.locator('#requester_name').fill('李四');
  // A phone the contract refuses is caught before sending.
  await page.locator('#requester_phone').fill('12');
  await page.getByRole('button', { name: /提\s?交/ }).click();
  await expect(page.getByText('请输入正确的联系电话')).toBeVisible();
  expect(sent).toBe(0);
  await page.locator('#requester_phone').fill('13900139000');
  await page.getByRole('button', { name: /提\s?交/ }).click();
  await expect(page.locator('.ant-form-item', { has: page.locator(`[id="form_${model}"]`) })).toContainText('服务器：该项有误');
  await expect(page.locator('.ant-form-item', { has: page.locator('#requester_phone') })).toContainText('服务器：电话有误');
  await expect(page.locator('.ant-notification-notice', { hasText: '表单数据校验失败' })).toContainText('错误');
  expect(sent).toBe(1);
});

test('a network failure shows the server-unavailable notification', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.route('**/index.php/admin/Workorder/list**', (route) => route.abort());
  await page.goto('/orders/workorder');
  await expect(page.locator('.ant-notification-notice', { hasText: '服务器开小差，请稍后再试' })).toBeVisible();
});

test('list filters (status, application, created range, page) live in the URL', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  await page.locator('.toolbar .ant-select-selector').click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
  const appName = (await option.innerText()).trim();
  await option.click();
  await expect(page).toHaveURL(/application_id=\d+/);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  const range = page.locator('.toolbar .ant-picker-range input');
  await range.nth(0).click();
  await range.nth(0).fill(today);
  await range.nth(0).press('Enter');
  await range.nth(1).fill(today);
  await range.nth(1).press('Enter');
  await expect(page).toHaveURL(new RegExp(`created_from=${today}&created_to=${today}`));
  await expect(page).toHaveURL(/application_id=\d+/);
  await page.reload();
  await expect(page.locator('.toolbar .ant-select-selection-item')).toHaveText(appName);
  await expect(range.nth(0)).toHaveValue(today);
  const rows = page.locator('.ant-table-row');
  for (const text of await rows.allInnerTexts()) expect(text).toContain(today);
  await page.locator('.status-tabs').getByText('已完成').click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page).toHaveURL(/application_id=\d+/);
});

test('the applications list and my work orders keep their page across a reload', async ({ page, request }) => {
  // One row per page (the page size lives in the URL too): the demo data has pages enough.
  const pager = page.locator('.ant-table-pagination');
  const rows = page.locator('.ant-table-row');
  const firstRow = async () => {
    await expect(rows.first()).toBeVisible();
    return rows.first().getAttribute('data-row-key');
  };
  const secondPageSurvivesReload = async () => {
    const first = await firstRow();
    await pager.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/[?&]pageNo=2(&|$)/);
    await expect(rows.first()).not.toHaveAttribute('data-row-key', first!);
    const second = await firstRow();
    await page.reload();
    await expect(pager.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(rows.first()).toHaveAttribute('data-row-key', second!);
  };

  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/application?pageSize=1');
  await secondPageSurvivesReload();

  // 杨敏, the reviewer, has reviewed several of the demo orders.
  const yangmin = await loginAs(request, 'yangmin');
  const reviewed = await apiPost<{ totalCount: number }>(request, yangmin.token, '/admin/Work/myWorkOrder', {
    company_id: yangmin.companyId,
    type: 'reviewed',
    pageNo: 1,
    pageSize: 1,
  });
  expect(reviewed.totalCount, 'orders 杨敏 reviewed in the demo data').toBeGreaterThan(1);
  await openAs(page, yangmin, '/orders/mine?type=reviewed&pageSize=1');
  await expect(page.locator('.mine-tabs .ant-tabs-tab-active')).toHaveText('我审核的');
  await secondPageSurvivesReload();
  await expect(page.locator('.mine-tabs .ant-tabs-tab-active')).toHaveText('我审核的');
  // Another tab is another list: it starts at page 1 (the default tab and page are not written), the page size stays.
  await page.locator('.mine-tabs').getByText('待我处理').click();
  await expect(page).toHaveURL(/\/orders\/mine\?pageSize=1$/);
});

test('the company dialog warns when the company list is empty', async ({ page, request }) => {
  const { token, companies } = await apiLogin(request);
  await useSession(page, token, companies);
  await page.goto('/orders/workorder');
  await page.evaluate(() => window.localStorage.setItem('companyList', '[]'));
  await userMenu(page, '切换公司');
  await expect(page.locator('.ant-message-notice', { hasText: '您还没有设置公司信息！' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '切换公司' })).toBeHidden();
});
