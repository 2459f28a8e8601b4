/**
 * The staff and role screens as the demo admin (zh-CN): the department tree filters the
 * staff list; a new member with a new username gets a generated password, shown once and
 * copied; they are bound to an application and sign in in a second browser and may claim;
 * a role without claim (`renling`) on work orders, built with the matrix's row select-all,
 * is given to them and the claim button goes; a password reset shows the one-time password,
 * signs them out, and their next sign-in must change it first; once disabled, their next click
 * takes them to the sign-in page; removing someone who still
 * handles orders is refused with the server's message. Then both screens in en-US.
 * Screenshots go to STAFF_SHOTS (default /tmp/shots).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { answerConfirm, apiGet, apiPost, button, chooseOption, OPEN_DROPDOWN, searchSelect, submitRepairRequest } from './helpers.ts';
import { applicationByName, loginAs, openAs, quiet } from './staff.ts';

const SHOTS = process.env.STAFF_SHOTS ?? '/tmp/shots';
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });

const staffRow = (page: Page, text: string) => page.getByTestId('staff-table').locator('.ant-table-row', { hasText: text });
const staffDialog = (page: Page) => page.locator('.ant-modal', { has: page.getByTestId('staff-form') });

/** Chooses `testId` in the "more" menu of a staff row. */
async function more(page: Page, row: Locator, testId: string): Promise<void> {
  await row.getByTestId('staff-more').click();
  await page.locator(OPEN_DROPDOWN).getByTestId(testId).click();
}

/** Picks the department `name` in the form's department tree. */
async function pickDepartment(page: Page, scope: Locator, name: string): Promise<void> {
  const dropdown = await searchSelect(page, scope.getByTestId('staff-department'), name);
  await dropdown.locator('.ant-select-tree-node-content-wrapper', { hasText: name }).first().click();
}

/** Answers the change-password dialog that opens after signing in with a password someone else chose; it signs out. */
async function changePassword(them: Page, old: string, renewed: string): Promise<void> {
  const change = them.getByRole('dialog', { name: '修改密码' });
  await expect(change).toBeVisible({ timeout: 30_000 });
  await change.locator('#oldpassword').fill(old);
  await change.locator('#password').fill(renewed);
  await change.locator('#confirmpassword').fill(renewed);
  await Promise.all([them.waitForEvent('load'), change.getByRole('button', { name: /确\s?定/ }).click()]);
  await expect(them).toHaveURL(/\/user\/login/);
}

/** The password of the open "shown once" dialog, after its copy button put it on the clipboard; closes it. */
async function takePassword(page: Page, done: string): Promise<{ password: string; text: string }> {
  const box = page.getByTestId('one-time-password');
  await expect(box).toBeVisible();
  const password = ((await page.getByTestId('generated-password').textContent()) ?? '').trim();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await box.locator('.ant-typography-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  const text = (await box.textContent()) ?? '';
  await answerConfirm(page, done);
  return { password, text };
}

/** Signs `username` in through the login page of `page`. */
async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#userName').fill(username);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
}

/** Filters the staff list by `keyword` (kept in the URL). */
async function search(page: Page, keyword: string): Promise<void> {
  await page.getByTestId('staff-keyword').fill(keyword);
  await page.getByTestId('staff-keyword').press('Enter');
  await expect(page).toHaveURL(/keyword=/);
}

test.describe.configure({ mode: 'serial' });
// Many steps on a machine shared with other builds.
test.setTimeout(300_000);

test('a new member signs in; a role without claim; a password reset must be changed', async ({ page, request, browser, baseURL }) => {
  const tag = String(Date.now() % 1_000_000);
  const name = `测试员工${tag}`;
  const username = `e2e.staff${tag}`;
  const roleName = `测试受理${tag}`;
  const admin = await loginAs(request, 'admin');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // An order awaiting a handler of 业主报修, for the claim button.
  const repair = await applicationByName(request, admin, '业主报修');
  await submitRepairRequest(request, repair.app_key, `待认领${tag}`);

  // The department tree filters the list, descendants included.
  await openAs(page, admin, '/organization/staff');
  await expect(staffRow(page, '吴昊')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await shot(page, 'staff-list-zh');
  const tree = page.getByTestId('staff-departments');
  await tree.getByText('客户服务部', { exact: true }).click();
  await expect(page).toHaveURL(/department_id=\d+/);
  await expect(staffRow(page, '吴昊')).toBeVisible();
  await expect(staffRow(page, '张伟')).toHaveCount(0);
  await tree.getByText('全部部门', { exact: true }).click();
  await expect(page).not.toHaveURL(/department_id=/);
  await expect(staffRow(page, '张伟')).toBeVisible();

  // A new member: a new username, no password typed, so one is generated and shown once.
  await page.getByTestId('staff-add').click();
  const dialog = staffDialog(page);
  await expect(dialog.locator('.ant-modal-title')).toHaveText('新增员工');
  await dialog.getByTestId('staff-name').fill(name);
  await dialog.getByTestId('staff-job-number').fill(`E2E${tag}`);
  await dialog.getByTestId('staff-username').fill(username);
  await dialog.getByTestId('staff-phone').fill('13700001111');
  await pickDepartment(page, dialog, '客服一组');
  await chooseOption(page, dialog.getByTestId('staff-position'), '客服专员');
  await chooseOption(page, dialog.getByTestId('staff-role'), '处理人');
  await quiet(page);
  await shot(page, 'staff-form-zh');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await shot(page, 'staff-password-zh');
  const first = await takePassword(page, '我已记下');
  await expect(dialog).toBeHidden();

  await search(page, tag);
  const row = staffRow(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText(username);
  await expect(row).toContainText('客服一组');
  await expect(row).toContainText('处理人');

  // Bound to 业主报修: they may claim its orders.
  await more(page, row, 'staff-apps');
  const apps = page.locator('.ant-modal', { has: page.getByTestId('staff-apps-select') });
  await expect(apps.getByTestId('staff-apps-bound')).toContainText('无');
  await chooseOption(page, apps.getByTestId('staff-apps-select'), '业主报修');
  // Closes the options (Escape would close the dialog too).
  await apps.locator('.ant-modal-title').click();
  await quiet(page);
  await shot(page, 'staff-apps-zh');
  await apps.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(apps).toBeHidden();
  const bound = await apiGet<{ name: string; bound: boolean }[]>(request, admin.token, '/admin/Staff/staff_application', {
    company_id: admin.companyId,
    staff_id: (
      await apiGet<{ data: { id: number }[] }>(request, admin.token, '/admin/Staff/list', {
        company_id: admin.companyId,
        keyword: username,
        pageNo: 1,
        pageSize: 10,
      })
    ).data[0].id,
  });
  expect(bound.filter((a) => a.bound).map((a) => a.name)).toEqual(['业主报修']);

  // They sign in in a second browser with the generated password and see a claim button.
  const other = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const them = await other.newPage();
  await them.goto('/user/login');
  await signInAs(them, username, first.password);
  // Someone else chose that password: they set their own first.
  const own = `Harbor#Amber${tag}`;
  await changePassword(them, first.password, own);
  await signInAs(them, username, own);
  await expect(them).toHaveURL(/\/orders\/workorder/, { timeout: 30_000 });
  await them.goto('/orders/workorder?status=unassigned');
  await expect(them.getByRole('button', { name: /认\s?领/ }).first()).toBeVisible({ timeout: 30_000 });

  // A role without claim: the work-order row's select-all ticks every action it offers, then claim is taken off.
  await openAs(page, admin, '/roleList');
  const roles = page.getByTestId('role-table');
  await expect(roles.locator('.ant-table-row', { hasText: '调度员' })).toBeVisible({ timeout: 30_000 });
  await expect(roles.locator('.ant-table-row', { hasText: '管理员' }).first().getByTestId('role-admin-tag')).toBeVisible();
  await quiet(page);
  await shot(page, 'role-list-zh');
  await page.getByTestId('role-add').click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.locator('.ant-drawer-title')).toHaveText('新增角色');
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-description').fill('受理并查看工单，不认领');
  const rowAll = page.getByTestId('matrix-row-workorder');
  await rowAll.check();
  for (const a of ['query', 'get', 'add', 'edit', 'delete', 'export', 'import', 'zhipai', 'renling', 'cancelorder', 'examine'])
    await expect(page.getByTestId(`matrix-workorder-${a}`)).toBeChecked();
  // Not offered by the work-order list: locked.
  await expect(page.getByRole('checkbox', { name: '工单列表 · 启用' })).toBeDisabled();
  await page.getByTestId('matrix-workorder-renling').uncheck();
  await expect(drawer.locator('.ant-checkbox-indeterminate', { has: rowAll })).toBeVisible();
  await page.getByTestId('matrix-myorders-query').check();
  await quiet(page);
  await shot(page, 'role-form-zh');
  await page.getByTestId('role-save').click();
  await expect(drawer).toBeHidden();
  await expect(roles.locator('.ant-table-row', { hasText: roleName })).toBeVisible();
  const saved = await apiPost<{ data: { name: string; permissions: { permissionId: string; actions: string[] }[] }[] }>(
    request,
    admin.token,
    '/base/role/rolelist',
    { company_id: admin.companyId, pageNo: 1, pageSize: 10, keyword: roleName },
  );
  const grants = Object.fromEntries(saved.data[0].permissions.map((p) => [p.permissionId, p.actions]));
  expect(grants.workorder).toContain('zhipai');
  expect(grants.workorder).not.toContain('renling');
  expect(grants.myorders).toEqual(['query']);

  // Given to the new member: their claim button goes.
  await openAs(page, admin, `/organization/staff?keyword=${tag}`);
  await staffRow(page, name).getByTestId('staff-edit').click();
  await expect(dialog.locator('.ant-modal-title')).toHaveText('编辑员工');
  await chooseOption(page, dialog.getByTestId('staff-role'), roleName);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await expect(staffRow(page, name)).toContainText(roleName);
  await them.reload();
  await expect(them.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(them.getByRole('button', { name: /认\s?领/ })).toHaveCount(0);

  // A password reset: asked first, the one-time password shown; they are signed out.
  await quiet(page);
  await more(page, staffRow(page, name), 'staff-reset-password');
  const ask = page.locator('.ant-modal-confirm', { hasText: '下次登录时必须修改新密码' });
  await expect(ask).toBeVisible();
  await quiet(page);
  await shot(page, 'staff-reset-ask-zh');
  // The answer is another dialog: the one-time password.
  await ask.getByRole('button', { name: button('重置密码') }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await shot(page, 'staff-reset-zh');
  const reset = await takePassword(page, '我已记下');
  expect(reset.text).toContain('下次登录时须修改密码');
  expect(reset.password).not.toBe(first.password);

  // Their next call answers "not signed in"; signing in with it asks for a new password first.
  await them.reload();
  await expect(them).toHaveURL(/\/user\/login/, { timeout: 30_000 });
  await signInAs(them, username, reset.password);
  const renewed = `Harbor#Violet${tag}`;
  await changePassword(them, reset.password, renewed);
  await signInAs(them, username, renewed);
  await expect(them).toHaveURL(/\/orders\/workorder/, { timeout: 30_000 });
  await expect(them.locator('.ant-table-row').first()).toBeVisible();

  // Disabled: their next click, without a reload, takes them to the sign-in page.
  await quiet(page);
  await staffRow(page, name).getByTestId('staff-status').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('将立即退出登录');
  await answerConfirm(page, '停用');
  await expect(staffRow(page, name).getByTestId('staff-status')).toHaveText(button('启用'));
  await them.getByRole('menuitem', { name: '我的工单' }).click();
  await expect(them).toHaveURL(/\/user\/login/, { timeout: 30_000 });
  await other.close();

  // Someone still handling orders is not removed: the server's 409 message shows.
  const processing = await apiGet<{ data: { handler_name: string | null }[] }>(request, admin.token, '/admin/Workorder/list', {
    company_id: admin.companyId,
    status: 'processing',
    pageNo: 1,
    pageSize: 50,
  });
  // Not the admin: nobody removes themselves (their own row has no remove button).
  const busy = processing.data.map((o) => o.handler_name).find((n) => n && n !== '系统管理员')!;
  expect(busy).toBeTruthy();
  await quiet(page);
  await page.getByTestId('staff-keyword').fill('');
  await search(page, busy);
  await more(page, staffRow(page, busy).first(), 'staff-delete');
  await expect(page.locator('.ant-modal-confirm')).toContainText('有处理中工单的员工不能移除');
  await answerConfirm(page, '移除');
  await expect(page.locator('.ant-notification-notice')).toContainText('处理中的工单');
  await expect(staffRow(page, busy).first()).toBeVisible();
});

test('the staff and role screens in en-US', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/organization/staff', 'en-US');
  await expect(page.locator('.ant-card-head-title', { hasText: 'Staff' })).toBeVisible({ timeout: 30_000 });
  await expect(staffRow(page, 'wuhao')).toBeVisible();
  await quiet(page);
  await shot(page, 'staff-list-en');
  await search(page, 'wangfang');
  await staffRow(page, 'wangfang').getByTestId('staff-edit').click();
  await expect(staffDialog(page).locator('.ant-modal-title')).toHaveText('Edit staff member');
  await quiet(page);
  await shot(page, 'staff-form-en');
  await staffDialog(page).locator('.ant-modal-footer .ant-btn').first().click();
  await expect(staffDialog(page)).toBeHidden();

  await openAs(page, admin, '/roleList', 'en-US');
  await expect(page.locator('.ant-card-head-title', { hasText: 'Roles' })).toBeVisible({ timeout: 30_000 });
  const dispatcher = page.getByTestId('role-table').locator('.ant-table-row', { hasText: '调度员' });
  await expect(dispatcher).toContainText('Whole company');
  await quiet(page);
  await shot(page, 'role-list-en');
  await dispatcher.getByTestId('role-edit').click();
  await expect(page.locator('.ant-drawer-title')).toHaveText('Edit role');
  await expect(page.getByTestId('matrix-workorder-zhipai')).toBeChecked();
  await expect(page.getByTestId('matrix-workorder-renling')).not.toBeChecked();
  await expect(page.getByTestId('permission-matrix')).toContainText('Work orders');
  await quiet(page);
  await shot(page, 'role-form-en');
});
