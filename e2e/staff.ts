/**
 * Helpers of the staff specs: sign in any demo account through the API, act as it
 * in a page (session in local storage), create orders through the staff API, and read
 * .xlsx files with exceljs.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API, apiGet, apiPost, type Company } from './helpers.ts';

export const PASSWORD = 'SmartWO#2026';
export const COMPANY = '安居物业服务有限公司';

export interface Account {
  token: string;
  companies: Company[];
  companyId: number;
  nickname: string;
}

/** Signs `username` in through the API; the company is 安居物业 (company 1 of the demo data). */
export async function loginAs(request: APIRequestContext, username: string): Promise<Account> {
  const res = await request.post(`${API}/admin/Login/sign`, { data: { username, password: PASSWORD, remember_me: true, captcha: '' } });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string; nickname: string } };
  expect(body.code, body.msg).toBe(200);
  const token = body.data.token;
  const companies = await apiGet<Company[]>(request, token, '/admin/Home/company_list', { company_id: 0 });
  const company = companies.find((c) => c.company_name === COMPANY) ?? companies[0];
  return { token, companies, companyId: company.company_id, nickname: body.data.nickname };
}

/** Puts `account`'s session into the page's local storage and opens `path`. */
export async function openAs(page: Page, account: Account, path: string, lang = 'zh-CN'): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/404');
  await page.evaluate(
    ([token, list, companyId, l, name]) => {
      window.localStorage.clear();
      window.localStorage.setItem('Access-Token', token);
      window.localStorage.setItem('companyList', JSON.stringify(list));
      window.localStorage.setItem('company_id', String(companyId));
      window.localStorage.setItem('shop_name', name);
      window.localStorage.setItem('nickname', name);
      window.localStorage.setItem('lang', l);
    },
    [account.token, account.companies, account.companyId, lang, account.nickname] as const,
  );
  await page.goto(path);
}

export interface AppRef {
  id: number;
  name: string;
  app_key: string;
}

export async function applicationByName(request: APIRequestContext, a: Account, name: string): Promise<AppRef> {
  const page = await apiGet<{ data: AppRef[] }>(request, a.token, '/admin/Application/list', { company_id: a.companyId, pageNo: 1, pageSize: 100 });
  const app = page.data.find((x) => x.name === name);
  expect(app, `application ${name}`).toBeTruthy();
  return app!;
}

export interface CreatedOrder {
  id: number;
  order_no: string;
}

/** A valid 业主报修 order created by staff (`Work/add`). */
export async function createRepairOrder(request: APIRequestContext, a: Account, appId: number, requester: string, what: string): Promise<CreatedOrder> {
  return apiPost<CreatedOrder>(request, a.token, '/admin/Work/add', {
    company_id: a.companyId,
    application_id: appId,
    requester_name: requester,
    requester_phone: '13800138000',
    form_data: { location: '3栋2单元1502', repair_type: '1', description: what, urgency: '2' },
  });
}

export async function orderDetail(request: APIRequestContext, a: Account, id: number) {
  return apiGet<{ status: string; handler_name: string | null; records: { action: string; note: string | null }[] }>(
    request,
    a.token,
    '/admin/Workorder/work_order_details',
    { company_id: a.companyId, id },
  );
}

/** The first sheet of an .xlsx file as rows of cell texts. */
export async function readSheet(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean))));
  });
  return rows;
}

/** Closes notifications, waits for messages to go and scrolls to the top, for a clean screenshot. */
export async function quiet(page: Page): Promise<void> {
  await expect(async () => {
    const closers = page.locator('.ant-notification-notice-close');
    for (let i = (await closers.count()) - 1; i >= 0; i--)
      await closers
        .nth(i)
        .click({ timeout: 1000 })
        .catch(() => undefined);
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}
