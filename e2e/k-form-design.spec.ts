/**
 * Forms made with the original designer (k-form-design 3.x JSON, the fixtures of
 * packages/contract/test/fixtures/k-form-design) pasted into our designer: every field is
 * drawn (nested in cards, tables, grids, tabs, rows and choice lists; a custom type as a
 * placeholder), the export gives back the very same JSON, the preview renders, and a save
 * stores it whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fieldLabel, templateFields, type FormTemplate } from '@swo/contract';
import { apiPost, closeDialogWith } from './helpers.ts';
import { loginAs, openAs, quiet } from './staff.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/contract/test/fixtures/k-form-design');
const names = ['facility-repair', 'asset-inventory', 'legacy-named'];
// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

test.setTimeout(120_000);

for (const name of names) {
  test(`${name}: imported, drawn, exported and saved without losing a key`, async ({ page, request }) => {
    const text = fs.readFileSync(path.join(dir, `${name}.json`), 'utf8');
    const form = JSON.parse(text) as FormTemplate;
    const admin = await loginAs(request, 'admin');
    const made = await apiPost<{ id: number }>(request, admin.token, '/admin/template/add', {
      company_id: admin.companyId,
      name: `导入${name}${String(Date.now() % 1_000_000)}`,
    });
    await openAs(page, admin, `/template/design/${made.id}`);
    await expect(page.getByTestId('designer-canvas')).toBeVisible({ timeout: 30_000 });
    await quiet(page);

    await page.getByTestId('designer-import').click();
    await page.getByTestId('json-text').fill(text);
    await closeDialogWith(page, 'json-import-apply');
    const canvas = page.getByTestId('designer-canvas');
    for (const f of templateFields(form).filter((x) => x.type !== 'signature')) await expect(canvas).toContainText(fieldLabel(f));
    if (name === 'asset-inventory') {
      await expect(canvas).toContainText('signature');
      await expect(canvas.locator('[data-type="batch"] [data-testid="canvas-slot"] [data-testid="canvas-item"]')).toHaveCount(3);
    }
    await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
    await page.screenshot({ path: path.join(SHOTS, `k-form-design-${name}.png`) });

    await page.getByTestId('designer-export').click();
    expect(JSON.parse(await page.getByTestId('json-text').inputValue())).toEqual(form);
    await closeDialogWith(page, 'json-close');

    await page.getByTestId('designer-preview').click();
    await expect(page.getByTestId('template-preview')).toContainText(fieldLabel(templateFields(form)[0]));
    await page.locator('.ant-drawer-close').click();

    await page.getByTestId('designer-save').click();
    await expect(page.locator('.ant-message-notice', { hasText: '已保存为第 2 版' })).toBeVisible();
    const detail = await apiPost<{ schema: unknown }>(request, admin.token, '/admin/template/detail', {
      company_id: admin.companyId,
      id: made.id,
      is_private: 1,
    });
    expect(detail.schema).toEqual(form);
  });
}
