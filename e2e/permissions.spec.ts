/**
 * What handlers and reviewers are offered on the work-order list: no call they may not make
 * (no error toast), the application filter of their own applications, and row / batch
 * actions only where the server's `allowed_actions` has them.
 */
import { expect, test, type Page } from '@playwright/test';
import type { WorkOrder } from '@swo/contract';
import { apiGet, trackRequests } from './helpers.ts';
import { loginAs, openAs } from './staff.ts';

const ERRORS = '.ant-message-error, .ant-notification-notice-error';

async function listLoaded(page: Page): Promise<void> {
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .page-loading')).toHaveCount(0);
}

for (const username of ['zhangwei', 'yangmin']) {
  test(`${username} opens the work-order list without a permission error`, async ({ page, request }) => {
    const account = await loginAs(request, username);
    const net = trackRequests(page);
    await openAs(page, account, '/orders/workorder');
    await listLoaded(page);
    // Late replies (the filter's applications) would show their error by now.
    await net.settled();
    await expect(page.locator(ERRORS)).toHaveCount(0);
  });
}

test('a handler is offered claim only on orders of the applications bound to them', async ({ page, request }) => {
  const account = await loginAs(request, 'zhangwei');
  const rows = (
    await apiGet<{ data: WorkOrder[] }>(request, account.token, '/admin/Workorder/list', {
      company_id: account.companyId,
      status: 'unassigned',
      pageNo: 1,
      pageSize: 50,
    })
  ).data;
  // The demo binds 张伟 to 业主报修; other specs may bind him to applications they make.
  const mine = new Set(
    (await apiGet<{ name: string }[]>(request, account.token, '/admin/Work/staffApplication', { company_id: account.companyId })).map((a) => a.name),
  );
  expect(mine).toContain('业主报修');
  const bound = rows.filter((r) => mine.has(r.application_name));
  const unbound = rows.filter((r) => !mine.has(r.application_name));
  expect(bound.length, 'unassigned 业主报修 orders in the demo data').toBeGreaterThan(0);
  expect(unbound.length, 'unassigned orders of other applications in the demo data').toBeGreaterThan(0);
  for (const r of bound) expect(r.allowed_actions).toContain('claim');
  for (const r of unbound) expect(r.allowed_actions).not.toContain('claim');

  // Other specs add orders to the shared demo data: one page of 50 holds every unassigned order.
  await openAs(page, account, '/orders/workorder?status=unassigned&pageSize=50');
  await listLoaded(page);
  for (const r of unbound) {
    const row = page.locator(`tr[data-row-key="${r.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId(`claim-${r.id}`)).toHaveCount(0);
    // Not selectable for a batch action either.
    await expect(row.locator('input[type="checkbox"]')).toBeDisabled();
  }
  for (const r of bound) await expect(page.getByTestId(`claim-${r.id}`)).toBeVisible();

  // The application filter offers the handler's own applications.
  await page.locator('.toolbar .ant-select').first().click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options).toHaveText([...mine]);
});

for (const [lang, assign] of [
  ['zh-CN', '批量指派'],
  ['en-US', 'Batch assign'],
] as const) {
  test(`${lang}: batch buttons say how many of the selection they act on`, async ({ page, request }) => {
    const account = await loginAs(request, 'admin');
    const rows = (
      await apiGet<{ data: WorkOrder[] }>(request, account.token, '/admin/Workorder/list', { company_id: account.companyId, pageNo: 1, pageSize: 50 })
    ).data;
    const selectable = rows.filter((r) => ['claim', 'assign', 'reject'].some((a) => r.allowed_actions.includes(a)));
    const assignable = selectable.filter((r) => r.allowed_actions.includes('assign'));
    expect(assignable.length).toBeGreaterThan(0);
    expect(assignable.length).toBeLessThan(selectable.length);

    await openAs(page, account, '/orders/workorder?pageSize=50', lang);
    await listLoaded(page);
    await page.locator('.ant-table-thead input[type="checkbox"]').check();
    await expect(page.getByTestId('batch-assign')).toContainText(`${assign}`);
    await expect(page.getByTestId('batch-assign')).toContainText(`${assignable.length}/${selectable.length}`);
    await page.screenshot({ path: `test-results/screens/batch-partial-${lang}.png`, animations: 'disabled' });
  });
}
