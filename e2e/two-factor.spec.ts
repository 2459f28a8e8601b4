/**
 * Two-factor sign-in in Chromium (docs/design.md, "Two-factor sign-in"): enrolment on the
 * account settings' security section with a code computed here from the shown key, sign
 * out, sign in with a code, then with a recovery code; another device's session signed
 * out from the list. Screenshots (2fa-*.png) in zh-CN and en-US.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { answerConfirm } from './helpers.ts';
import { loginAs, openAs, PASSWORD } from './staff.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `2fa-${name}.png`), animations: 'disabled' });
const USER = 'sunli';

/** The authenticator app's code `stepsAhead` 30-second steps from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ issuer: 'Smart Work Order', label: USER, secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function firstStep(page: Page, submit: RegExp): Promise<void> {
  await page.goto('/user/login');
  await page.locator('#userName').fill(USER);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
}

test('enrol an authenticator app, then sign in with a code and with a recovery code (zh-CN)', async ({ page, request }) => {
  const account = await loginAs(request, USER);
  await openAs(page, account, '/account/settings?section=security');
  await expect(page.getByTestId('totp-state')).toHaveText('未开启');
  await page.getByTestId('totp-enable').click();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await shot(page, 'enrol-zh-CN');
  await page.locator('.ant-modal #code').fill(codeOf(secret));
  await page.getByRole('button', { name: '验证并开启' }).click();
  const codes = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await shot(page, 'codes-zh-CN');
  await page.getByTestId('recovery-codes-saved').click();
  await expect(page.getByTestId('totp-state')).toHaveText('已开启');
  await expect(page.getByText('剩余 10 个可用恢复码')).toBeVisible();
  await shot(page, 'settings-zh-CN');

  // Sign out through the user menu, then in again: the second step asks for the code.
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await answerConfirm(page, '确定');
  await expect(page).toHaveURL(/\/user\/login/);
  await firstStep(page, /登\s?录/);
  await shot(page, 'step-zh-CN');
  await page.locator('#code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);

  // Again, with a recovery code this time.
  await page.evaluate(() => window.localStorage.clear());
  await firstStep(page, /登\s?录/);
  await page.getByTestId('two-factor-switch').click();
  await page.locator('#code').fill(codes[0]);
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await page.goto('/account/settings?section=security');
  await expect(page.getByText('剩余 9 个可用恢复码')).toBeVisible();

  // The earlier sessions are listed; all others are signed out.
  await expect(page.getByTestId('session-list').locator('tbody tr.ant-table-row')).not.toHaveCount(1);
  await page.getByTestId('session-revoke-others').click();
  await answerConfirm(page, '退出登录');
  await expect(page.getByTestId('session-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await shot(page, 'sessions-zh-CN');
});

test('the security section and the second step in en-US', async ({ page, request }) => {
  const account = await loginAs(request, 'yangmin');
  await openAs(page, account, '/account/settings?section=security', 'en-US');
  await expect(page.getByTestId('totp-state')).toHaveText('Off');
  await expect(page.getByText('Signed-in devices')).toBeVisible();
  await shot(page, 'settings-en-US');

  await page.evaluate(() => window.localStorage.setItem('lang', 'en-US'));
  await page.evaluate(() => window.localStorage.removeItem('Access-Token'));
  await page.goto('/user/login');
  await page.locator('#userName').fill(USER);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: /Sign in/ }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByTestId('two-factor-switch').click();
  await expect(page.getByPlaceholder('Recovery code, e.g. ab12c-3de45')).toBeVisible();
  await shot(page, 'step-en-US');
});
