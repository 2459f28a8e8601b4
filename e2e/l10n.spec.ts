/**
 * The main screens in the four languages at 1440 px and 390 px: nothing in the logo, menu,
 * tabs and table headers is cut off, and no page scrolls sideways on a phone. Screenshots
 * go to test-results/screens for a look.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, firstApplication, screenSettled, staffScreens, submitRepairRequest, trackRequests, useSession } from './helpers.ts';

const CLIPPED_IN = ['.app-logo', '.app-logo-title', '.ant-menu-title-content', '.ant-tabs-tab-btn', '.ant-table-thead th', '.ant-table-thead th *'];

/** Texts of the logo, menu, tabs and table headers that are wider than their box. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate((selectors) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selectors.join(',')))) {
      if (!el.offsetParent || !el.textContent?.trim()) continue;
      const s = getComputedStyle(el);
      const clips = s.textOverflow === 'ellipsis' || s.overflowX !== 'visible';
      if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`${el.className}: ${el.textContent.trim()}`);
    }
    return out;
  }, CLIPPED_IN);
}

async function check(page: Page, net: ReturnType<typeof trackRequests>, name: string, width: number): Promise<void> {
  await screenSettled(page, net, 200);
  expect.soft(await clipped(page), `${name}: clipped texts`).toEqual([]);
  if (width < 500) expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(width);
  const closers = page.locator('.ant-notification-notice-close');
  for (let i = (await closers.count()) - 1; i >= 0; i--)
    await closers
      .nth(i)
      .click()
      .catch(() => undefined);
  await page.screenshot({ path: `test-results/screens/${name}.png`, animations: 'disabled' });
}

for (const lang of ['zh-CN', 'zh-TW', 'en-US', 'pt-BR']) {
  for (const width of [1440, 390]) {
    test(`${lang} at ${width} px`, async ({ browser, request }) => {
      // Thirteen screens (the organisation ones included) on a machine shared with other builds.
      test.setTimeout(300_000);
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, isMobile: width < 500, hasTouch: width < 500 });
      const page = await context.newPage();
      const net = trackRequests(page);
      const tag = `${lang}-${width}`;
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);

      const { token, companies } = await apiLogin(request);
      const app = await firstApplication(request, token, companies[0].company_id);
      await page.goto('/user/login');
      await expect(page.locator('#userName')).toBeVisible();
      await check(page, net, `${tag}-login`, width);
      await page.goto('/user/register');
      await expect(page.getByTestId('get-account')).toBeVisible();
      await check(page, net, `${tag}-register`, width);
      await page.goto(`/input?app=${app.appKey}`);
      await expect(page.locator('button[type="submit"]')).toBeVisible();
      await check(page, net, `${tag}-input`, width);
      const order = await submitRepairRequest(request, app.appKey, 'Leaking tap', { name: 'Ana', phone: '13700137000' });
      await page.goto(`/orderInfo?id=${order.id}&ident=${order.ident}`);
      await expect(page.getByTestId('portal-status')).toBeVisible();
      await check(page, net, `${tag}-orderInfo`, width);

      const screens = await staffScreens(request, token, companies[0].company_id);
      await useSession(page, token, companies, lang);
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
        await check(page, net, `${tag}-${name}`, width);
      }
      await context.close();
    });
  }
}
