/**
 * Sign-in by QR code in Chromium (docs/design.md, "Sign-in by QR code"): a desktop context
 * shows the code, a second context on a 390 px phone, already signed in, opens the code's
 * page and approves or denies. Screenshots (qr-*.png) in zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, apiGet } from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `qr-${name}.png`), animations: 'disabled' });
const DEMO_PASSWORD = 'SmartWO#2026';

/** A phone context signed in as `username` (session put into local storage), in `lang`. */
async function signedInPhone(browser: Browser, request: APIRequestContext, username: string, lang: string): Promise<Page> {
  const res = await request.post(`${API}/admin/Login/sign`, { data: { username, password: DEMO_PASSWORD } });
  const login = ((await res.json()) as { data: { token: string; nickname: string } }).data;
  const companies = await apiGet<{ company_id: number }[]>(request, login.token, '/admin/Home/company_list', { company_id: 0 });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ([token, list, name, l]) => {
      if (window.localStorage.getItem('Access-Token')) return;
      window.localStorage.setItem('Access-Token', token);
      window.localStorage.setItem('companyList', JSON.stringify(list));
      window.localStorage.setItem('company_id', String(list[0].company_id));
      window.localStorage.setItem('nickname', name);
      window.localStorage.setItem('shop_name', name);
      window.localStorage.setItem('lang', l);
    },
    [login.token, companies, login.nickname, lang] as const,
  );
  return context.newPage();
}

/** Opens the login page's QR code in `page`; returns the URL the code holds. */
async function showCode(page: Page, otherMethods: string): Promise<string> {
  await page.goto('/user/login');
  await expect(page.getByText(otherMethods)).toBeVisible();
  await page.getByTestId('qr-open').click();
  const panel = page.getByTestId('qr-sign-in');
  await expect(panel).toHaveAttribute('data-status', 'waiting');
  const url = (await panel.getAttribute('data-url')) ?? '';
  expect(url).toMatch(/\/user\/wechat\?ticket=[\w-]{20,}$/);
  return url;
}

test('the QR button says what it does in a tooltip on hover', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByTestId('qr-open').hover();
  await expect(page.locator('.ant-tooltip').filter({ hasText: '扫码登录' })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-tooltip').filter({ hasText: '扫码登录' })).toBeHidden();
});

test('approve on a signed-in phone (zh-CN): the desktop lands signed in as that person', async ({ page, browser, request }) => {
  const url = await showCode(page, '其他登录方式');
  await shot(page, 'code-zh-CN');

  const phone = await signedInPhone(browser, request, 'huangyan', 'zh-CN');
  await phone.goto(url);
  const asking = phone.getByTestId('qr-asking');
  await expect(asking).toContainText('127.0.0.1');
  await expect(asking).toContainText('Chrom');
  await expect(phone.getByRole('heading', { name: '电脑端请求以「黄艳」登录' })).toBeVisible();
  await expect(page.getByTestId('qr-sign-in')).toHaveAttribute('data-status', 'scanned');
  await shot(phone, 'approve-zh-CN');

  await phone.getByRole('button', { name: '批准登录' }).click();
  await expect(phone.getByRole('heading', { name: '已批准登录' })).toBeVisible();
  await shot(phone, 'approved-zh-CN');

  await expect(page).not.toHaveURL(/\/user\/login/);
  await expect(page.getByText('黄艳').first()).toBeVisible();
  // The code's page cannot be answered again.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: '二维码已失效' })).toBeVisible();
  await phone.context().close();
});

test('deny on the phone (en-US): the desktop says so and offers a new code; signed out, the phone asks to sign in first', async ({
  page,
  browser,
  request,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  const url = await showCode(page, 'Other sign-in methods');
  await shot(page, 'code-en-US');

  const phone = await signedInPhone(browser, request, 'huangyan', 'en-US');
  await phone.goto(url);
  await expect(phone.getByRole('heading', { name: 'A computer asks to sign in as 黄艳' })).toBeVisible();
  await shot(phone, 'approve-en-US');
  await phone.getByRole('button', { name: 'Deny' }).click();
  await expect(phone.getByRole('heading', { name: 'Sign-in denied' })).toBeVisible();

  const panel = page.getByTestId('qr-sign-in');
  await expect(panel).toHaveAttribute('data-status', 'denied');
  await expect(panel.getByText('Denied on the phone')).toBeVisible();
  await shot(page, 'denied-en-US');
  await expect(page).toHaveURL(/\/user\/login/);
  await panel.getByTestId('qr-refresh').click();
  await expect(panel).toHaveAttribute('data-status', 'waiting');
  expect(await panel.getAttribute('data-url')).not.toBe(url);

  // A phone that is not signed in is asked to sign in first, and comes back.
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const strangerPage = await stranger.newPage();
  await strangerPage.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  await strangerPage.goto((await panel.getAttribute('data-url')) ?? '');
  await expect(strangerPage.getByRole('heading', { name: 'Sign in on this phone first' })).toBeVisible();
  await shot(strangerPage, 'sign-in-first-en-US');
  await strangerPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(strangerPage).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fwechat/);
  await stranger.close();
  await phone.context().close();
});
