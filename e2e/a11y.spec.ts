/**
 * Accessibility: axe-core (WCAG 2 A and AA) finds nothing on the main screens, signed out
 * (login, the public form, the requester's orders and one order) and signed in as the demo
 * admin (dashboard, work-order list, detail, my work orders, applications, departments,
 * positions, categories, operation log).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, firstApplication, screenSettled, staffScreens, submitRepairRequest, trackRequests, useSession } from './helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits for the page to settle (no spinners, skeletons, animations), then runs axe. */
async function expectNoViolations(page: Page, net: ReturnType<typeof trackRequests>, name: string): Promise<void> {
  // Notifications (welcome, reminder) appear at once (no animation in the suite): drawn, their colours are final.
  await screenSettled(page, net);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = result.violations.map((v) => ({
    id: v.id,
    count: v.nodes.length,
    nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`),
  }));
  expect.soft(summary, `${name}: axe violations`).toEqual([]);
}

test('signed out: login, public form, my orders, one order', async ({ page, request }) => {
  const net = trackRequests(page);
  await page.goto('/user/login');
  await expect(page.locator('#userName')).toBeVisible();
  await expectNoViolations(page, net, 'login');

  const { token, companies } = await apiLogin(request);
  const app = await firstApplication(request, token, companies[0].company_id);
  await page.goto(`/input?app=${app.appKey}`);
  await expect(page.locator('button[type="submit"]')).toBeVisible();
  await expectNoViolations(page, net, 'input');

  const order = await submitRepairRequest(request, app.appKey, '无障碍检查');
  await page.goto(`/orderList?ident=${order.ident}`);
  await expect(page.getByTestId('portal-order').first()).toBeVisible();
  await expectNoViolations(page, net, 'orderList');
  await page.goto(`/orderInfo?id=${order.id}&ident=${order.ident}`);
  await expect(page.getByTestId('portal-status')).toBeVisible();
  await expectNoViolations(page, net, 'orderInfo');
});

test('signed in: dashboard, list, detail, my work orders, applications, organisation and system screens', async ({ page, request }) => {
  // Nine screens on a machine shared with other builds.
  test.setTimeout(300_000);
  const net = trackRequests(page);
  const { token, companies } = await apiLogin(request);
  const screens = await staffScreens(request, token, companies[0].company_id);
  await useSession(page, token, companies);
  for (const [name, path, ready] of screens) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
    await expectNoViolations(page, net, name);
  }
});
