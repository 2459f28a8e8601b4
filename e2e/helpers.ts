/**
 * Shared steps of the end-to-end specs: calls to the API (as the demo admin), signing in
 * through the login page, and filling a template form from its schema.
 */
import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { templateFields, type FormField, type FormTemplate } from '@swo/contract';

export const ADMIN = { username: 'admin', password: 'SmartWO#2026' };
export const API = '/index.php';

export interface Company {
  company_id: number;
  company_name: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function body<T>(res: { json: () => Promise<unknown> }): Promise<T> {
  const b = (await res.json()) as Envelope<T>;
  expect(b.code, b.msg).toBe(200);
  return b.data;
}

/** Signs the admin in through the API: token and companies. */
export async function apiLogin(request: APIRequestContext): Promise<{ token: string; companies: Company[] }> {
  const login = await body<{ token: string }>(await request.post(`${API}/admin/Login/sign`, { data: { ...ADMIN, remember_me: true, captcha: '' } }));
  const companies = await body<Company[]>(await request.get(`${API}/admin/Home/company_list`, { headers: { token: login.token }, params: { company_id: 0 } }));
  return { token: login.token, companies };
}

export async function apiGet<T>(request: APIRequestContext, token: string, url: string, params: Record<string, string | number>): Promise<T> {
  return body<T>(await request.get(`${API}${url}`, { headers: { token }, params }));
}

export async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  return body<T>(await request.post(`${API}${url}`, { headers: { token }, data }));
}

/** The first application of a company: its public key and template. */
export async function firstApplication(request: APIRequestContext, token: string, companyId: number) {
  const page = await apiGet<{ data: { app_key: string; name: string }[] }>(request, token, '/admin/Application/list', {
    company_id: companyId,
    pageNo: 1,
    pageSize: 10,
  });
  expect(page.data.length).toBeGreaterThan(0);
  const app = page.data[0];
  const tpl = await body<{ template: { schema: FormTemplate } }>(
    await request.post(`${API}/home/Work_Create/templateData`, { data: { app_key: app.app_key } }),
  );
  return { appKey: app.app_key, name: app.name, template: tpl.template.schema };
}

/** Orders awaiting assignment in a company, as the reminder asks. */
export async function awaitingCount(request: APIRequestContext, token: string, companyId: number): Promise<number> {
  return apiPost<number>(request, token, '/admin/Work/allDaiNumber', { company_id: companyId });
}

/** Stores a session in local storage before the page loads (skips the login page). */
export async function useSession(page: Page, token: string, companies: Company[], lang?: string): Promise<void> {
  await page.addInitScript(
    ([t, list, l]) => {
      if (window.sessionStorage.getItem('e2e-session-set')) return;
      window.sessionStorage.setItem('e2e-session-set', '1');
      window.localStorage.setItem('Access-Token', t);
      window.localStorage.setItem('companyList', JSON.stringify(list));
      window.localStorage.setItem('company_id', String(list[0].company_id));
      window.localStorage.setItem('shop_name', 'admin');
      if (l) window.localStorage.setItem('lang', l);
    },
    [token, companies, lang ?? ''] as const,
  );
}

/** A value for a text field that satisfies its pattern rules, if any. */
function textFor(f: FormField, fallback: string): string {
  const patterns = (f.rules ?? []).filter((r) => r.pattern).map((r) => new RegExp(r.pattern!));
  const candidates = [fallback, '13800138000', 'e2e@example.com', '12345', 'ABC123', '2026-01-01'];
  return candidates.find((c) => patterns.every((p) => p.test(c))) ?? fallback;
}

/** The form item of a template field (its control has the id form_<model>). */
function item(page: Page, f: FormField) {
  return page.locator('.ant-form-item', { has: page.locator(`[id="form_${f.model}"]`) }).first();
}

/** An open dropdown whose appear animation is over (clicks during it can get lost). */
const SETTLED = ':not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])';
export const OPEN_DROPDOWN = `.ant-dropdown:not(.ant-dropdown-hidden)${SETTLED}`;
/** A confirmation dialog done with its opening animation: a click while it zooms in can be lost. */
export const SETTLED_CONFIRM = `.ant-modal-confirm${SETTLED}`;
/** A dialog done with its opening animation. */
const SETTLED_MODAL = `.ant-modal${SETTLED}`;
const OPEN_SELECT = `.ant-select-dropdown:not(.ant-select-dropdown-hidden)${SETTLED}`;

/** Closes the notifications (the welcome one covers the header's right side). */
export async function dismissNotifications(page: Page): Promise<void> {
  await expect(async () => {
    const closers = page.locator('.ant-notification-notice-close');
    for (let i = (await closers.count()) - 1; i >= 0; i--)
      await closers
        .nth(i)
        .click({ timeout: 3000 })
        .catch(() => undefined);
    // A loaded machine can take seconds to play the closing animation.
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 5000 });
  }).toPass({ timeout: 40_000 });
}

/**
 * Clicks `target`, a button of a dialog done zooming in, until `dialog` is closed (no visible
 * element left): on a loaded machine a click made during the animation can be lost. Only a
 * settled dialog's button is clicked, so a click that landed is never repeated.
 */
async function clickUntilClosed(target: Locator, dialog: Locator): Promise<void> {
  // The dialog may still be on its way: it must have opened before "closed" means anything.
  await expect(target).toBeVisible();
  await expect(async () => {
    if (await target.count()) await target.click({ timeout: 3000 });
    await expect(dialog.filter({ visible: true })).toHaveCount(0, { timeout: 5000 });
  }).toPass({ timeout: 40_000 });
}

/** Closes the open dialog holding the button `testId` with that button. */
export async function closeDialogWith(page: Page, testId: string): Promise<void> {
  await clickUntilClosed(page.locator(SETTLED_MODAL).getByTestId(testId), page.locator('.ant-modal-wrap', { has: page.getByTestId(testId) }));
}

/** Answers the open dialog (not a confirmation) with its button named `ok`, once it is done zooming in. */
export async function answerDialog(page: Page, ok: RegExp): Promise<void> {
  await clickUntilClosed(page.locator(SETTLED_MODAL).getByRole('button', { name: ok }), page.locator('.ant-modal-wrap', { has: page.locator('.ant-modal') }));
}

/** An antd button's accessible name: `text`, which antd may space out (two Chinese characters become "确 认"). */
export const button = (text: string) => new RegExp(`^\\s*${text.split('').join('\\s?')}\\s*$`);

/** Answers the open confirmation with its button `ok`. */
export async function answerConfirm(page: Page, ok: string): Promise<void> {
  await clickUntilClosed(page.locator(SETTLED_CONFIRM).getByRole('button', { name: button(ok) }), page.locator('.ant-modal-confirm'));
}

/** Chooses an item of the header's user menu. */
export async function userMenu(page: Page, item: string): Promise<void> {
  await dismissNotifications(page);
  const entry = page.locator(OPEN_DROPDOWN).getByRole('menuitem', { name: item });
  // The menu opens on mouse-enter: when a busy page misses it, leave and enter again.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByTestId('user-menu').hover();
    await expect(entry).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await entry.click();
}

/** Matches exactly `text` (trimmed). */
export function exact(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** A select's dropdown that is open or opening (not one playing its closing animation). */
const OPENING_SELECT = '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])';

/**
 * Opens the select (or tree select) `select` and returns its open dropdown. The click is
 * repeated until the list is open: on a loaded machine a click made while the surrounding
 * dialog zooms in can be lost.
 */
export async function openSelect(page: Page, select: Locator): Promise<Locator> {
  const opening = page.locator(OPENING_SELECT);
  await expect(async () => {
    if (!(await opening.count())) await select.click({ timeout: 3000 });
    await expect(opening).toHaveCount(1, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return page.locator(OPEN_SELECT);
}

/** Opens the searchable select `select` and types `text` into its search box; returns its open dropdown. */
export async function searchSelect(page: Page, select: Locator, text: string): Promise<Locator> {
  const dropdown = await openSelect(page, select);
  await select.locator('input').first().fill(text);
  return dropdown;
}

/** Chooses the option `label` of the searchable select `select`, typed into its search box first. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  const dropdown = await searchSelect(page, select, label);
  await dropdown.locator('.ant-select-item-option', { hasText: label }).first().click();
}

/** Picks the options of a select whose dropdown is open. */
async function pickOptions(page: Page, labels: string[]): Promise<void> {
  for (const label of labels) {
    await page
      .locator(`${OPEN_SELECT} .ant-select-item-option`, { hasText: exact(label) })
      .first()
      .click();
  }
}

/**
 * Fills every value field of a template with a valid value (options: the first ones; dates:
 * today). Returns what was entered by model, as the detail page should show it.
 */
export async function fillTemplate(page: Page, template: FormTemplate, tag: string): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  const today = new Date();
  const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  for (const f of templateFields(template)) {
    const o = f.options ?? {};
    const options = o.options ?? [];
    const control = page.locator(`[id="form_${f.model}"]`);
    switch (f.type) {
      case 'input': {
        const v = textFor(f, `${tag} ${f.label}`);
        await control.fill(v);
        shown[f.model] = v;
        break;
      }
      case 'textarea': {
        const v = `${tag}: ${f.label}`;
        await control.fill(v);
        shown[f.model] = v;
        break;
      }
      case 'number': {
        const v = String(typeof o.min === 'number' ? Math.max(o.min, 1) : 2);
        await control.fill(v);
        shown[f.model] = v;
        break;
      }
      case 'select': {
        await item(page, f).locator('.ant-select-selector').click();
        const labels = o.multiple ? options.slice(0, 2).map((x) => x.label) : [options[0].label];
        await pickOptions(page, labels);
        if (o.multiple) await page.keyboard.press('Escape');
        shown[f.model] = labels.join('、');
        break;
      }
      case 'radio': {
        const label = options[options.length > 1 ? 1 : 0].label;
        await item(page, f)
          .locator('label.ant-radio-wrapper', { hasText: exact(label) })
          .click();
        shown[f.model] = label;
        break;
      }
      case 'checkbox': {
        const labels = options.slice(0, 2).map((x) => x.label);
        for (const label of labels)
          await item(page, f)
            .locator('label.ant-checkbox-wrapper', { hasText: exact(label) })
            .click();
        shown[f.model] = labels.join('、');
        break;
      }
      case 'date': {
        const inputs = item(page, f).locator('input');
        if (o.range) {
          await inputs.nth(0).click();
          await inputs.nth(0).fill(ymd);
          await inputs.nth(0).press('Enter');
          await inputs.nth(1).fill(ymd);
          await inputs.nth(1).press('Enter');
          shown[f.model] = `${ymd} ~ ${ymd}`;
        } else {
          await inputs.first().click();
          await inputs.first().fill(ymd);
          await inputs.first().press('Enter');
          shown[f.model] = ymd;
        }
        break;
      }
      case 'time': {
        const input = item(page, f).locator('input').first();
        await input.click();
        await input.fill('10:30:00');
        await input.press('Enter');
        shown[f.model] = '10:30:00';
        break;
      }
      case 'switch': {
        const sw = item(page, f).getByRole('switch');
        if ((await sw.getAttribute('aria-checked')) !== 'true') await sw.click();
        shown[f.model] = 'yes';
        break;
      }
      case 'rate': {
        await item(page, f).locator('.ant-rate-star').nth(3).click();
        shown[f.model] = '4';
        break;
      }
      default:
        break;
    }
  }
  return shown;
}

/** Signs in through the login page. */
export async function signIn(page: Page, submitLabel: RegExp): Promise<void> {
  await page.locator('#userName').fill(ADMIN.username);
  await page.locator('#password').fill(ADMIN.password);
  await page.getByRole('button', { name: submitLabel }).click();
}

/** The company dialog: choose `name` and confirm; the company changes in place (no page load). */
export async function chooseCompany(page: Page, dialogTitle: string, name: string, confirm: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-select-selector').click();
  await page.locator(`${OPEN_SELECT} .ant-select-item-option`, { hasText: name }).first().click();
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

/** A requester's repair order through the public form call; returns its id and the requester's ident. */
export async function submitRepairRequest(
  request: APIRequestContext,
  appKey: string,
  description: string,
  requester = { name: '孙九', phone: '13700137000' },
): Promise<{ id: number; ident: string }> {
  const res = await request.post(`${API}/home/Work_Create/createWorkNew`, {
    data: {
      app_key: appKey,
      form_data: { location: '3栋2单元1502', repair_type: '1', description, urgency: '2' },
      requester_name: requester.name,
      requester_phone: requester.phone,
    },
  });
  return (await res.json()).data as { id: number; ident: string };
}

/** A signed-in staff screen: its name, path, and a selector that shows it has loaded. */
export type StaffScreen = readonly [name: string, path: string, ready: string];

/** The staff screens every language and accessibility walk visits (the detail of an order in processing). */
export async function staffScreens(request: APIRequestContext, token: string, companyId: number): Promise<StaffScreen[]> {
  const list = await apiGet<{ data: { id: number }[] }>(request, token, '/admin/Workorder/list', {
    company_id: companyId,
    status: 'processing',
    pageNo: 1,
    pageSize: 1,
  });
  // The demo's first template (oldest last): its form has fields to draw.
  const templates = await apiPost<{ data: { id: number }[] }>(request, token, '/admin/template/privateTemplate', {
    company_id: companyId,
    pageNo: 1,
    pageSize: 100,
  });
  return [
    ['dashboard', '/dashboard/analysis', '.ant-card'],
    ['list', '/orders/workorder', '.ant-table-row'],
    ['detail', `/orders/workorder/detail/${list.data[0].id}`, '[data-testid="detail-actions"]'],
    ['mine', '/orders/mine', '.mine-tabs'],
    ['applications', '/orders/application', '.ant-table-row'],
    ['departments', '/organization/department', '.ant-table-row'],
    ['positions', '/organization/position', '.ant-table-row'],
    ['staff', '/organization/staff', '.ant-table-row'],
    ['roles', '/roleList', '.ant-table-row'],
    ['categories', '/system/category', '.ant-table-row'],
    ['operationLog', '/system/log', '.ant-table-row'],
    ['templates', '/orders/template', '.ant-table-row'],
    ['designer', `/template/design/${templates.data[templates.data.length - 1].id}`, '[data-testid="canvas-item"]'],
  ];
}

/**
 * Waits until a screen is what the user sees: no spinner, skeleton or page loading left, no
 * request in flight for `quietMs` (late answers, counts and the reminder, change the
 * layout), the fonts loaded and two frames drawn (the suite plays no animation,
 * playwright.config.ts). `net` follows the page's requests (`trackRequests`).
 */
export async function screenSettled(page: Page, net: ReturnType<typeof trackRequests>, quietMs?: number): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, .page-loading')).toHaveCount(0, { timeout: 15_000 });
  await net.settled(quietMs);
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))));
}

/** Requests that never finish while the page is open: the live-update stream. */
const isEventStream = (r: Request) => r.url().toLowerCase().includes(`${API}/events`);

/**
 * Follows the page's requests from now on; `settled()` waits until none but the live-update
 * stream has been in flight for `quietMs`. Playwright's `networkidle` never comes while the
 * signed-in SPA holds its event stream open. Call it before the page starts loading.
 */
export function trackRequests(page: Page): { settled: (quietMs?: number, timeoutMs?: number) => Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (r) => {
    if (!isEventStream(r)) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return {
    async settled(quietMs = 500, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (open.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await page.waitForTimeout(50);
      }
      throw new Error(`requests still open after ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`);
    },
  };
}
