/**
 * Sign-in by SMS code and password recovery, as people do them in Chromium: the code is
 * read from the outbox (docs/design.md, "Sign-in by SMS"), as a platform administrator
 * would read it without an SMS service. Each test is a client of its own address
 * (X-Forwarded-For, trusted by the test server), since codes are limited per address.
 * Screenshots go to test-results/screenshots (sms-*.png), in zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiGet } from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `sms-${name}.png`), animations: 'disabled' });
const DEMO_PASSWORD = 'SmartWO#2026';

/** The platform administrator's token (the outbox is theirs). */
async function platformToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${API}/admin/Login/sign`, { data: { username: 'super', password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The code in the newest outbox message to `phone`, once it has arrived. */
async function codeFromOutbox(request: APIRequestContext, token: string, phone: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const page = await apiGet<{ data: { id: number; text: string }[] }>(request, token, '/base/sms/outbox', { mobile: phone, pageSize: 1 });
      const last = page.data[0];
      code = last && last.id > after ? (/\d{6}/.exec(last.text)?.[0] ?? '') : '';
      return code;
    })
    .not.toBe('');
  return code;
}

async function lastOutboxId(request: APIRequestContext, token: string): Promise<number> {
  const page = await apiGet<{ data: { id: number }[] }>(request, token, '/base/sms/outbox', { pageSize: 1 });
  return page.data[0]?.id ?? 0;
}

test.describe('SMS', () => {
  test('sign-in by SMS code on the mobile-number tab (zh-CN), and the outbox a platform administrator reads', async ({ browser, request }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.31' } });
    const page = await context.newPage();
    const sup = await platformToken(request);
    const before = await lastOutboxId(request, sup);

    await page.goto('/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.locator('#mobile').fill('138 1111 0002');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送')).toBeVisible();
    await expect(page.getByRole('button', { name: /\d+ 秒/ })).toBeDisabled();
    const code = await codeFromOutbox(request, sup, '13811110002', before);

    // A wrong code first: the page says so and stays.
    await page.locator('#captcha').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page.locator('.ant-alert-error')).toHaveText('验证码错误或已失效');
    await shot(page, 'login-zh-CN');

    await page.locator('#captcha').fill(code);
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);
    await expect(page.locator('.header-user, .ant-pro-global-header, header').getByText('黄艳').first()).toBeVisible();

    // The outbox, as the platform administrator sees it.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/user/login');
    await page.locator('#userName').fill('super');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);
    await page.goto('/userList');
    await page.getByTestId('sms-outbox-open').click();
    const drawer = page.getByTestId('sms-outbox');
    await expect(drawer.getByText(code)).toBeVisible();
    await expect(drawer.getByRole('cell', { name: '13811110002' }).first()).toBeVisible();
    await shot(page, 'outbox-zh-CN');
    await context.close();
  });

  test('password recovery by SMS code (en-US): a weak password is refused, the new one signs in, the old one no longer', async ({ browser, request }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.32' } });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
    const sup = await platformToken(request);
    const before = await lastOutboxId(request, sup);

    await page.goto('/user/login');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/user\/recover$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.locator('#mobile').fill('13811110005');
    await page.getByRole('button', { name: 'Get code' }).click();
    const code = await codeFromOutbox(request, sup, '13811110005', before);
    await page.locator('#captcha').fill(code);
    await page.locator('#password').fill('password1');
    await page.locator('#confirmpassword').fill('password1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.locator('#password_help')).not.toBeEmpty();
    await shot(page, 'recover-en-US');

    const fresh = 'Larch-Quartz-Viola-42';
    await page.locator('#password').fill(fresh);
    await page.locator('#confirmpassword').fill(fresh);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('recover-done')).toBeVisible();
    await shot(page, 'recover-done-en-US');

    const sign = async (password: string) =>
      ((await (await request.post(`${API}/admin/Login/sign`, { data: { username: 'chenjing', password } })).json()) as { code: number }).code;
    expect(await sign(DEMO_PASSWORD)).toBe(400);
    expect(await sign(fresh)).toBe(200);

    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    await page.locator('#userName').fill('chenjing');
    await page.locator('#password').fill(fresh);
    await page.getByRole('button', { name: /Sign in/ }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);
    await context.close();
  });

  test('the same screens in the other language: mobile tab (en-US), recovery (zh-CN), outbox (en-US)', async ({ page, request }) => {
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', 'en-US');
    });
    await page.goto('/user/login');
    await page.getByRole('tab', { name: 'Phone number' }).click();
    await expect(page.getByRole('button', { name: 'Get code' })).toBeVisible();
    await shot(page, 'login-en-US');

    await page.evaluate(() => window.localStorage.setItem('lang', 'zh-CN'));
    await page.goto('/user/recover');
    await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await shot(page, 'recover-zh-CN');

    const token = await platformToken(request);
    const companies = await apiGet<{ company_id: number; company_name: string }[]>(request, token, '/admin/Home/company_list', { company_id: 0 });
    await page.evaluate(
      ([t, list]) => {
        window.localStorage.setItem('lang', 'en-US');
        window.localStorage.setItem('Access-Token', t);
        window.localStorage.setItem('companyList', JSON.stringify(list));
        window.localStorage.setItem('company_id', String(list[0].company_id));
      },
      [token, companies] as const,
    );
    await page.goto('/userList');
    await page.getByTestId('sms-outbox-open').click();
    await expect(page.getByTestId('sms-outbox').getByRole('columnheader', { name: 'Message' })).toBeVisible();
    await expect(page.getByTestId('sms-outbox-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await shot(page, 'outbox-en-US');
  });
});
