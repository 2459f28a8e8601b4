/**
 * Live updates in Chromium (docs/design.md, "Live updates"): 王芳 has the list and an
 * order's detail open in her browser; the administrator claims the order in another
 * browser; her list row and her detail show 处理中 without a reload (a marker set on her
 * pages survives, so they were not loaded again), long before any poll. Screenshot:
 * live-updates-list.png.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { button } from './helpers.ts';
import { applicationByName, createRepairOrder, loginAs, openAs } from './staff.ts';

// This spec's own client address (sign-in limits are per address).
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' } });

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const detailStatus = (page: Page) => page.locator('.ant-card-head [data-status]');
/** Marks the loaded document: a reload would lose it. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

test("another browser's claim shows in the open list and detail without a reload", async ({ browser, request }) => {
  const [wangfang, admin] = [await loginAs(request, 'wangfang'), await loginAs(request, 'admin')];
  const app = await applicationByName(request, admin, '业主报修');
  const tag = `实时${Date.now() % 1_000_000}`;
  const order = await createRepairOrder(request, admin, app.id, tag, '楼道灯不亮');

  const watcher = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' } });
  const actor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.72' } });
  try {
    const list = await watcher.newPage();
    await openAs(list, wangfang, `/orders/workorder?keyword=${encodeURIComponent(tag)}`);
    // The first paint of a cold context can be slow on a loaded 2-core machine.
    await expect(row(list, tag).locator('[data-status]')).toHaveText('待指派', { timeout: 40_000 });
    const detail = await watcher.newPage();
    await openAs(detail, wangfang, `/orders/workorder/detail/${order.id}`);
    await expect(detailStatus(detail)).toHaveText('待指派');
    await Promise.all([mark(list), mark(detail)]);

    const page = await actor.newPage();
    await openAs(page, admin, `/orders/workorder/detail/${order.id}`);
    await page
      .getByTestId('detail-actions')
      .getByRole('button', { name: button('认领') })
      .click();
    await expect(detailStatus(page)).toHaveText('处理中');

    // Well within any poll (the list has none; the reminder's is 5 minutes).
    await expect(row(list, tag).locator('[data-status]')).toHaveText('处理中', { timeout: 10_000 });
    await expect(detailStatus(detail)).toHaveText('处理中', { timeout: 10_000 });
    expect(await stillMarked(list)).toBe(true);
    expect(await stillMarked(detail)).toBe(true);
    await list.bringToFront();
    await list.screenshot({ path: path.join(SHOTS, 'live-updates-list.png'), animations: 'disabled' });
  } finally {
    await watcher.close();
    await actor.close();
  }
});
