/**
 * Staff side of the work-order actions (zh-CN, one test in en-US): batch assignment through the staff
 * picker with per-item results, reject with a reason, claim → complete → review pass with
 * the timeline, an internal note, "my work orders", export (a yyyyMMddhhmmss.xlsx), import
 * from the application's template with a per-row error, and the analysis dashboard.
 * Screenshots go to test-results/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormTemplate } from '@swo/contract';
import { answerConfirm, apiPost, button, fillTemplate, openSelect } from './helpers.ts';
import { applicationByName, createRepairOrder, loginAs, openAs, orderDetail, quiet, readSheet } from './staff.ts';

// Ignored by git; `npm run screenshots` copies them to docs/screenshots.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (name: string) => path.join(SHOTS, `${name}.png`);
const REPAIR = '业主报修';
const ACCESS_CARD = '门禁卡办理';

function row(page: Page, text: string) {
  return page.locator('.ant-table-row', { hasText: text });
}

test.describe.configure({ mode: 'serial' });

test('dispatcher batch-assigns two orders to 张伟 with the staff picker; 张伟 rejects one with a reason', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const app = await applicationByName(request, admin, REPAIR);
  const requester = `批量${Date.now() % 1_000_000}`;
  const a = await createRepairOrder(request, admin, app.id, requester, '楼道灯不亮');
  const b = await createRepairOrder(request, admin, app.id, requester, '水管漏水');
  expect((await orderDetail(request, admin, a.id)).status).toBe('unassigned');

  const wangfang = await loginAs(request, 'wangfang');
  await openAs(page, wangfang, `/orders/workorder?status=unassigned&keyword=${encodeURIComponent(requester)}`);
  await expect(row(page, a.order_no)).toHaveCount(1);
  await expect(row(page, b.order_no)).toHaveCount(1);
  // The dispatcher has assign but not claim: no batch claim button.
  await expect(page.getByTestId('batch-claim')).toHaveCount(0);
  await expect(page.getByTestId('batch-assign')).toBeDisabled();
  for (const no of [a.order_no, b.order_no]) await row(page, no).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('selected-count')).toContainText('2');
  await page.getByTestId('batch-assign').click();

  const dialog = page.getByRole('dialog', { name: /批量指派 2 个工单/ });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByTestId('assign-dialog');
  // Staff bound to 业主报修 are marked and come first; each shows its open-order load.
  await expect(picker.locator('.ant-table-row').first()).toContainText('已绑定');
  await expect(picker.getByTestId('staff-load').first()).toBeVisible();
  await picker.getByTestId('staff-search').fill('张伟');
  await expect(picker.locator('.ant-table-row')).toHaveCount(1);
  await picker.locator('.ant-table-row', { hasText: '张伟' }).click();
  await expect(picker).toContainText('处理人：张伟');
  await quiet(page);
  await dialog.screenshot({ path: shot('assign-dialog'), animations: 'disabled' });
  await dialog.getByRole('button', { name: button('指派') }).click();

  const results = page.getByTestId('batch-results');
  await expect(results).toBeVisible();
  await expect(results).toContainText('成功 2 个，失败 0 个');
  await expect(results.locator('.ant-table-row')).toHaveCount(2);
  for (const no of [a.order_no, b.order_no]) await expect(results.locator('.ant-table-row', { hasText: no })).toContainText('成功');
  await quiet(page);
  await page.screenshot({ path: shot('batch-assign'), animations: 'disabled' });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: button('关闭') })
    .click();
  for (const o of [a, b]) {
    const d = await orderDetail(request, admin, o.id);
    expect(d.status).toBe('processing');
    expect(d.handler_name).toBe('张伟');
  }

  // 张伟 opens one and rejects it; the reason is required.
  const zhangwei = await loginAs(request, 'zhangwei');
  await openAs(page, zhangwei, `/orders/workorder/detail/${a.id}`);
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('处理中');
  await page.getByTestId('action-reject').click();
  const reject = page.getByRole('dialog', { name: new RegExp(`驳回工单 ${a.order_no}`) });
  await reject.getByRole('button', { name: button('驳回') }).click();
  await expect(reject.locator('.ant-form-item-explain-error')).toContainText('请输入驳回原因');
  await reject.locator('textarea').fill('不属于物业维修范围，请联系供电局');
  await reject.getByRole('button', { name: button('驳回') }).click();
  await expect(reject).toBeHidden();
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('已驳回');
  const last = page.getByTestId('record').last();
  await expect(last).toHaveAttribute('data-action', 'reject');
  await expect(last).toContainText('原因: 不属于物业维修范围，请联系供电局');
  // The assignment history lists the assignment by 王芳 to 张伟.
  await expect(page.getByTestId('assign-history').locator('.ant-table-row').first()).toContainText('王芳');
  await expect(page.getByTestId('assign-history').locator('.ant-table-row').first()).toContainText('张伟');

  // "My work orders": the other order waits for 张伟, with an inline complete.
  await openAs(page, zhangwei, '/orders/mine');
  await expect(page.locator('.mine-tabs .ant-tabs-tab-active')).toContainText('待我处理');
  await expect(row(page, b.order_no)).toBeVisible();
  await expect(row(page, b.order_no).getByRole('button', { name: button('完成') })).toBeVisible();
  // The rejected one is no longer waiting for 张伟: "to handle" lists open orders only.
  await expect(row(page, a.order_no)).toHaveCount(0);
  await quiet(page);
  await page.screenshot({ path: shot('my-orders'), animations: 'disabled' });
  await row(page, b.order_no)
    .getByRole('button', { name: button('完成') })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: button('完成') })
    .click();
  await expect(row(page, b.order_no).locator('[data-status]')).toHaveText('待审核');
  await row(page, b.order_no).getByRole('link', { name: b.order_no }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/mine/detail/${b.id}$`));
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('待审核');

  // 杨敏 fails the review with a reason: back to processing with 张伟.
  const yangmin = await loginAs(request, 'yangmin');
  await openAs(page, yangmin, `/orders/workorder/detail/${b.id}`);
  await page.getByTestId('action-examine-fail').click();
  const fail = page.getByRole('dialog', { name: new RegExp(`工单 ${b.order_no} 审核不通过`) });
  await fail.locator('textarea').fill('现场照片缺失');
  await fail.getByRole('button', { name: button('审核不通过') }).click();
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('处理中');
  await expect(page.getByTestId('record').last()).toContainText('原因: 现场照片缺失');

  // The dispatcher reassigns it to 刘强 (the picker leaves out the current handler).
  await openAs(page, wangfang, `/orders/workorder/detail/${b.id}`);
  await page.getByTestId('action-reassign').click();
  const reassign = page.getByRole('dialog', { name: new RegExp(`转派工单 ${b.order_no}`) });
  await expect(reassign).toContainText('当前处理人：张伟');
  await expect(reassign.locator('.ant-table-row', { hasText: '张伟' })).toHaveCount(0);
  await reassign.locator('.ant-table-row', { hasText: '刘强' }).click();
  await reassign.getByRole('button', { name: button('指派') }).click();
  await expect(reassign).toBeHidden();
  await expect(page.locator('.ant-descriptions').first()).toContainText('刘强');
  await expect(page.getByTestId('assign-history').locator('.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('assign-history').locator('.ant-table-row').last()).toContainText('转派');
});

test("admin creates a work order from the list with the application's template", async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const app = await applicationByName(request, admin, REPAIR);
  const tpl = await apiPost<{ template: { schema: FormTemplate } }>(request, admin.token, '/home/Work_Create/templateData', { app_key: app.app_key });
  await openAs(page, admin, '/orders/workorder');
  await page.getByTestId('create-order').click();
  const dialog = page.getByRole('dialog', { name: '新建工单' });
  const apps = await openSelect(page, dialog.getByTestId('create-app'));
  await apps.locator('.ant-select-item-option', { hasText: REPAIR }).click();
  await expect(dialog.locator('[id="form_location"]')).toBeVisible();
  const tag = `新建${Date.now() % 1_000_000}`;
  await fillTemplate(page, tpl.template.schema, tag);
  await dialog.locator('#requester_name').fill(tag);
  await dialog.locator('#requester_phone').fill('13800138000');
  await dialog.getByRole('button', { name: /提\s?交/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-message-notice', { hasText: /工单 \d+ 已创建/ })).toBeVisible();
  await page.getByTestId('keyword-search').fill(tag);
  await page.getByTestId('keyword-search').press('Enter');
  await expect(row(page, tag)).toHaveCount(1);
  await expect(row(page, tag).locator('[data-status]')).toHaveText('待指派');
});

test('admin claims, notes and completes; 杨敏 passes the review; the timeline shows every step', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const app = await applicationByName(request, admin, REPAIR);
  const o = await createRepairOrder(request, admin, app.id, `审核${Date.now() % 1_000_000}`, '电梯异响');

  await openAs(page, admin, `/orders/workorder/detail/${o.id}`);
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('待指派');
  await page
    .getByTestId('detail-actions')
    .getByRole('button', { name: button('认领') })
    .click();
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('处理中');

  await page.getByTestId('action-note').click();
  const note = page.getByRole('dialog', { name: '添加内部备注' });
  await note.locator('textarea').fill('已联系电梯维保公司，明早到场');
  await note.getByRole('button', { name: '添加内部备注' }).click();
  await expect(note).toBeHidden();
  const internal = page.locator('[data-testid="record"][data-internal="1"]');
  await expect(internal).toHaveCount(1);
  await expect(internal).toContainText('内部');

  await page.getByTestId(`complete-${o.id}`).click();
  const complete = page.getByRole('dialog');
  await complete.locator('textarea').fill('已更换曳引机轴承');
  await complete.getByRole('button', { name: button('完成') }).click();
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('待审核');

  const yangmin = await loginAs(request, 'yangmin');
  await openAs(page, yangmin, `/orders/workorder/detail/${o.id}`);
  await expect(page.getByTestId('action-examine-pass')).toBeVisible();
  await expect(page.getByTestId('action-examine-fail')).toBeVisible();
  await quiet(page);
  await page.screenshot({ path: shot('detail-actions'), fullPage: true, animations: 'disabled' });
  await page.getByTestId('action-examine-pass').click();
  await answerConfirm(page, '确认');
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('已完成');
  const records = page.getByTestId('record');
  await expect(records.last()).toHaveAttribute('data-action', 'examine_pass');
  await expect(records.last()).toContainText('杨敏');
  const actions = await records.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
  expect(actions).toEqual(['create', 'claim', 'note', 'complete', 'examine_pass']);
  // Nothing more to do on a completed order for the reviewer.
  await expect(page.getByTestId('action-examine-pass')).toHaveCount(0);
  expect((await orderDetail(request, admin, o.id)).status).toBe('completed');
});

test('admin edits an unassigned order (before → after in the timeline), cancels it with a reason and deletes it', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const app = await applicationByName(request, admin, REPAIR);
  const o = await createRepairOrder(request, admin, app.id, `编辑${Date.now() % 1_000_000}`, '门禁对讲无声');
  await openAs(page, admin, `/orders/workorder/detail/${o.id}`);
  await page.getByTestId('action-edit').click();
  const edit = page.getByRole('dialog', { name: new RegExp(`编辑工单 ${o.order_no}`) });
  await edit.locator('[id="form_location"]').fill('9栋1单元0101');
  await edit.getByRole('button', { name: button('保存') }).click();
  await expect(edit).toBeHidden();
  const change = page.getByTestId('record-change');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('报修位置');
  await expect(change).toContainText('3栋2单元1502');
  await expect(change).toContainText('9栋1单元0101');
  await expect(page.locator('.ant-descriptions').getByText('9栋1单元0101', { exact: true })).toBeVisible();

  await page.getByTestId('action-cancel').click();
  const cancel = page.getByRole('dialog', { name: new RegExp(`取消工单 ${o.order_no}`) });
  await cancel.locator('textarea').fill('业主来电撤销');
  await cancel.getByRole('button', { name: button('取消工单') }).click();
  await expect(page.locator('.ant-card-head [data-status]')).toHaveText('已取消');
  await expect(page.getByTestId('record').last()).toContainText('原因: 业主来电撤销');
  // A cancelled order can no longer be edited, but it can be deleted.
  await expect(page.getByTestId('action-edit')).toHaveCount(0);
  await page.getByTestId('action-delete').click();
  await answerConfirm(page, '确认');
  await expect(page).toHaveURL(/\/orders\/workorder$/);
  const res = await request.get(`/index.php/admin/Workorder/work_order_details`, {
    headers: { token: admin.token },
    params: { company_id: admin.companyId, id: o.id },
  });
  expect(((await res.json()) as { code: number }).code).toBe(404);
});

test('export downloads a yyyyMMddhhmmss.xlsx of the filtered list', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/workorder?status=completed');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-orders').click()]);
  expect(download.suggestedFilename()).toMatch(/^\d{14}\.xlsx$/);
  const file = path.join(os.tmpdir(), `swo-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  const rows = await readSheet(file);
  expect(rows[0]).toContain('工单号');
  expect(rows.length).toBeGreaterThan(1);
  // Only completed orders were asked for.
  const statusCol = rows[0].indexOf('状态');
  expect(new Set(rows.slice(1).map((r) => r[statusCol]))).toEqual(new Set(['已完成']));
  await expect(page.locator('.ant-message-notice', { hasText: '下载成功' })).toBeVisible();
  fs.rmSync(file, { force: true });

  // The generic table export (written in the browser) on the applications list.
  await page.goto('/orders/application');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const [appsDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-applications').click()]);
  expect(appsDownload.suggestedFilename()).toMatch(/^\d{14}\.xlsx$/);
  const appsFile = path.join(os.tmpdir(), `swo-apps-${Date.now()}.xlsx`);
  await appsDownload.saveAs(appsFile);
  const appRows = await readSheet(appsFile);
  expect(appRows[0]).toEqual(['应用名称', '模板', '分类', '状态', '公开表单链接', '创建时间']);
  expect(appRows.map((r) => r[0])).toEqual(expect.arrayContaining([REPAIR, ACCESS_CARD]));
  fs.rmSync(appsFile, { force: true });
});

test('import: the template of 门禁卡办理 with 2 good rows and 1 bad row creates 2 and reports the bad row', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/workorder');
  await page.getByTestId('import-orders').click();
  const dialog = page.getByRole('dialog', { name: '从 Excel 导入工单' });
  const apps = await openSelect(page, dialog.getByTestId('import-app'));
  await apps.locator('.ant-select-item-option', { hasText: ACCESS_CARD }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('import-template').click()]);
  const template = path.join(os.tmpdir(), `swo-template-${Date.now()}.xlsx`);
  await download.saveAs(template);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 2)).toEqual(['请求人', '联系电话']);
  const put = (values: Record<string, string | number>) => ws.addRow(header.map((h) => values[h] ?? null));
  put({ 请求人: '陈一', 联系电话: '13900000001', 楼栋房号: '3栋2单元1502', 办理类型: '新办', 住户身份: '业主', 办理数量: 1 });
  put({ 请求人: '林二', 联系电话: '13900000002', 楼栋房号: '5栋1单元0801', 办理类型: '补办', 住户身份: '租户', 办理数量: 2 });
  put({ 请求人: '错三', 联系电话: '13900000003', 楼栋房号: '五栋一单元', 办理类型: '新办', 住户身份: '业主', 办理数量: 1 });
  const filled = path.join(os.tmpdir(), `swo-import-${Date.now()}.xlsx`);
  await wb.xlsx.writeFile(filled);

  await dialog.locator('input[type=file]').setInputFiles(filled);
  await expect(dialog.getByText(path.basename(filled))).toBeVisible();
  await dialog.getByRole('button', { name: button('上传') }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText('成功创建 2 个，失败 1 个');
  const bad = result.locator('.ant-table-row');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('4');
  await expect(bad).toContainText('楼栋房号');
  await quiet(page);
  await page.screenshot({ path: shot('import-result'), animations: 'disabled' });
  fs.rmSync(template, { force: true });
  fs.rmSync(filled, { force: true });
});

test('the dispatcher lands on the analysis dashboard: greeting, status cards, charts, handler table', async ({ page }) => {
  await page.goto('/user/login');
  await page.locator('#userName').fill('wangfang');
  await page.locator('#password').fill('SmartWO#2026');
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('greeting')).toHaveText(/^(早上好|上午好|中午好|下午好|晚上好)，王芳$/);
  await expect(page.getByTestId('status-cards')).toContainText('待指派');
  await expect(page.getByTestId('totals')).toContainText('新建');
  await expect(page.getByTestId('trend-chart').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('app-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('staff-table').locator('.ant-table-row', { hasText: '张伟' })).toBeVisible();
  // '/dashboard' leads to the analysis page; a page number must be a positive integer.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await page.goto('/dashboard/analysis/abc');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/dashboard/analysis');
  await expect(page.getByTestId('trend-chart').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1500); // the charts' entry animation
  await quiet(page);
  await page.screenshot({ path: shot('dashboard'), fullPage: true, animations: 'disabled' });
});

test('en-US: dashboard and work-order list with batch actions', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/dashboard/analysis', 'en-US');
  await expect(page.getByTestId('greeting')).toHaveText(/^Good (early morning|morning|noon|afternoon|evening), /);
  await expect(page.getByText('Created and completed per day')).toBeVisible();
  await expect(page.getByTestId('trend-chart').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  await quiet(page);
  await page.screenshot({ path: shot('dashboard-en'), fullPage: true, animations: 'disabled' });

  await page.goto('/orders/workorder?status=unassigned');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New work order' })).toBeVisible();
  await expect(page.getByTestId('export-orders')).toHaveText(/Export/);
  await page.locator('.ant-table-row').nth(0).locator('.ant-checkbox-input').check();
  await page.locator('.ant-table-row').nth(1).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  await page.getByTestId('batch-assign').click();
  const dialog = page.getByRole('dialog', { name: 'Assign 2 work orders' });
  await expect(dialog.getByTestId('staff-search')).toBeVisible();
  await expect(dialog.locator('.ant-table-row').first()).toBeVisible();
  await quiet(page);
  await page.screenshot({ path: shot('batch-assign-en'), animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await quiet(page);
  await page.screenshot({ path: shot('work-order-list-staff-en'), animations: 'disabled' });
});
