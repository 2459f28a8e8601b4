/** Steps the designer specs share: a new company template opened in the designer, and a drag as a hand makes it. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginAs, openAs, quiet } from './staff.ts';

const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

/** The demo admin adds a template `name` on the templates screen and opens it in the designer; returns its id. */
export async function newTemplateInDesigner(page: Page, request: APIRequestContext, name: string): Promise<number> {
  const admin = await loginAs(request, 'admin');
  await openAs(page, admin, '/orders/template');
  await expect(row(page, '报事报修')).toBeVisible({ timeout: 30_000 });
  await quiet(page);
  await page.getByTestId('template-add').click();
  const dialog = page.locator('.ant-modal', { has: page.getByTestId('template-form') });
  await dialog.getByTestId('template-name').fill(name);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toBeHidden();
  await row(page, name).getByTestId('template-design').click();
  await expect(page.getByTestId('designer-canvas')).toBeVisible();
  return Number(/\/template\/design\/(\d+)/.exec(page.url())?.[1]);
}

/** Drags `source` onto `target` (its top edge, or its empty lower part), with pointer steps. */
export async function drag(page: Page, source: Locator, target: Locator, where: 'top' | 'bottom'): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + Math.min(10, from.height / 2));
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + Math.min(10, from.height / 2), { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, where === 'top' ? to.y + 4 : to.y + to.height - 6, { steps: 15 });
  await page.mouse.up();
}
