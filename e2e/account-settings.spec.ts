/**
 * Account settings in Chromium (docs/design.md, "Account pages"): the basic section
 * (profile, avatar, phone changed with a code read from the SMS outbox), the binding
 * section (a phone that approved a QR sign-in, removed), and theme settings chosen in the
 * custom section that survive sign-out and show on a second browser. Each test is a
 * client of its own address (X-Forwarded-For), since SMS codes are limited per address.
 * Screenshots (account-settings-*.png) in zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, apiGet, apiPost, SETTLED_CONFIRM, userMenu } from './helpers.ts';
import { loginAs, openAs, PASSWORD } from './staff.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `account-settings-${name}.png`), animations: 'disabled' });

/** The code of the newest outbox message to `phone` newer than `after`, read as the platform administrator. */
async function codeFromOutbox(request: APIRequestContext, phone: string, after: number): Promise<string> {
  const sup = (await loginAs(request, 'super')).token;
  let code = '';
  await expect
    .poll(async () => {
      const page = await apiGet<{ data: { id: number; text: string }[] }>(request, sup, '/base/sms/outbox', { mobile: phone, pageSize: 1 });
      const last = page.data[0];
      code = last && last.id > after ? (/\d{6}/.exec(last.text)?.[0] ?? '') : '';
      return code;
    })
    .not.toBe('');
  return code;
}

async function lastOutboxId(request: APIRequestContext): Promise<number> {
  const sup = (await loginAs(request, 'super')).token;
  const page = await apiGet<{ data: { id: number }[] }>(request, sup, '/base/sms/outbox', { pageSize: 1 });
  return page.data[0]?.id ?? 0;
}

async function newPage(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  return context.newPage();
}

test('basic settings: profile, avatar and a new phone number by SMS code (zh-CN)', async ({ browser, request }) => {
  const page = await newPage(browser, '203.0.113.141');
  const account = await loginAs(request, 'liuqiang');
  await openAs(page, account, '/account/settings');
  const basic = page.getByTestId('basic-settings');
  await basic.getByLabel('昵称').fill('强哥');
  await basic.getByLabel('邮箱').fill('not-an-address');
  await basic.getByRole('button', { name: '更新基本信息' }).click();
  await expect(basic.getByText('邮箱地址格式错误')).toBeVisible();
  await basic.getByLabel('邮箱').fill('liuqiang@example.com');
  await basic.getByLabel('个人简介').fill('土建班维修工程师，擅长门窗、墙面与防水。');
  await basic.getByLabel('国家/地区').fill('中国');
  await page.locator('.ant-select-item-option', { hasText: /^中国$/ }).click();
  await basic.getByLabel('省份').fill('上海');
  await basic.getByLabel('城市').fill('上海');
  await basic.getByLabel('街道地址').fill('浦东新区世纪大道 100 号');
  await basic.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.getByText('更新基本信息成功')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('强哥');
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText('强哥');

  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2f54eb' } })
    .png()
    .toBuffer();
  await basic.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(basic.locator('.account-avatar img')).toHaveAttribute('src', /\/index\.php\/account\/avatar\?key=[0-9a-f]{32}$/);
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /account\/avatar/);

  const before = await lastOutboxId(request);
  await basic.getByRole('button', { name: '更换手机号' }).click();
  const dialog = page.getByRole('dialog', { name: '更换手机号' });
  await dialog.locator('#mobile').fill('139 0000 4141');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await dialog.locator('#captcha').fill(await codeFromOutbox(request, '13900004141', before));
  await shot(page, 'phone-zh-CN');
  await dialog.getByRole('button', { name: '确认更换' }).click();
  await expect(page.getByText('手机号已更换')).toBeVisible();
  await expect(page.getByTestId('own-phone')).toHaveText('13900004141');
  await page.mouse.move(900, 700);
  await shot(page, 'basic-zh-CN');

  // Reloaded: everything saved is shown again.
  await page.reload();
  await expect(basic.getByLabel('街道地址')).toHaveValue('浦东新区世纪大道 100 号');
  await expect(basic.getByLabel('国家/地区').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('中国');
  await page.context().close();
});

test('binding: a phone that approved a QR sign-in is listed and removed (zh-CN)', async ({ browser, request }) => {
  const page = await newPage(browser, '203.0.113.142');
  const desk = await loginAs(request, 'liuqiang');
  const phone = await loginAs(request, 'liuqiang');
  const ask = (await (await request.post(`${API}/admin/Login/loginQrcode`)).json()) as { data: { ticket: string } };
  await apiPost(request, phone.token, '/admin/Login/qrConfirm', { ticket: ask.data.ticket, approve: true });

  await openAs(page, desk, '/account/settings?section=binding');
  const binding = page.getByTestId('binding-settings');
  await expect(binding.locator('.ant-list-item')).toHaveCount(1);
  await expect(binding.locator('.ant-list-item')).toContainText('批准 1 次');
  await shot(page, 'binding-zh-CN');
  await binding
    .getByRole('button', { name: '移 除' })
    .or(binding.getByRole('button', { name: '移除' }))
    .click();
  await page
    .locator(SETTLED_CONFIRM)
    .getByRole('button', { name: /移\s?除/ })
    .click();
  await expect(page.getByText('设备已移除')).toBeVisible();
  await expect(binding.getByText('还没有设备批准过扫码登录')).toBeVisible();
  // The removed phone is signed out.
  const res = await request.get(`${API}/account/devices`, { headers: { token: phone.token } });
  expect(((await res.json()) as { code: number }).code).toBe(101);
  await page.context().close();
});

test('the settings sections in en-US', async ({ browser, request }) => {
  const page = await newPage(browser, '203.0.113.143');
  const account = await loginAs(request, 'zhaolei');
  await openAs(page, account, '/account/settings', 'en-US');
  await expect(page.getByTestId('basic-settings').getByLabel('Street address')).toBeVisible();
  await page.mouse.move(900, 700);
  await shot(page, 'basic-en-US');
  await page.getByRole('tab', { name: 'Personalisation' }).click();
  await expect(page.getByTestId('custom-settings').getByText('Theme colour')).toBeVisible();
  await shot(page, 'custom-en-US');
  await page.getByRole('tab', { name: 'Linked devices' }).click();
  await expect(page.getByText('No device has approved a QR sign-in yet')).toBeVisible();
  await shot(page, 'binding-en-US');
  await page.context().close();
});

/** Signs `username` in on the login page of a fresh browser context. */
async function signInFresh(browser: Browser, ip: string, username: string): Promise<Page> {
  const page = await newPage(browser, ip);
  await page.goto('/user/login');
  await page.locator('#userName').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  return page;
}

test('dark mode and the top menu chosen in settings survive sign-out and show on a second browser', async ({ browser }) => {
  const first = await signInFresh(browser, '203.0.113.144', 'zhaolei');
  await first.goto('/account/settings?section=custom');
  const custom = first.getByTestId('custom-settings');
  await expect(first.locator('html')).not.toHaveClass(/theme-dark/);
  await custom.getByRole('switch', { name: '暗色模式' }).click();
  await expect(first.locator('html')).toHaveClass(/theme-dark/);
  await custom.getByText('顶部菜单', { exact: true }).click();
  await expect(first.locator('.ant-layout-header .ant-menu-horizontal')).toBeVisible();
  await custom.getByRole('radio', { name: '酱紫' }).click();
  await expect(first.getByText('设置已保存，您在其他设备登录时也会使用').first()).toBeVisible();
  await shot(first, 'custom-zh-CN');
  await userMenu(first, '退出登录');
  await first
    .locator(SETTLED_CONFIRM)
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(first).toHaveURL(/\/user\/login$/);

  // Another browser, with nothing stored: the saved settings come with the sign-in.
  const second = await signInFresh(browser, '203.0.113.145', 'zhaolei');
  await expect(second.locator('html')).toHaveClass(/theme-dark/);
  await expect(second.locator('.ant-layout-header .ant-menu-horizontal')).toBeVisible();
  await expect(second.locator('.ant-layout-sider')).toHaveCount(0);
  await second.goto('/account/settings?section=custom');
  await expect(second.getByTestId('custom-settings').getByRole('radio', { name: '酱紫' })).toHaveAttribute('aria-checked', 'true');
  await shot(second, 'second-browser-zh-CN');

  // Back to the defaults, for whoever signs in as this person next.
  await second.getByTestId('custom-settings').getByRole('switch', { name: '暗色模式' }).click();
  await second.getByTestId('custom-settings').getByText('侧边菜单', { exact: true }).click();
  await expect(second.locator('html')).not.toHaveClass(/theme-dark/);
  await first.context().close();
  await second.context().close();
});
