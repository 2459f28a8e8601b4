/**
 * Uploads as people meet them (docs/design.md, "Uploads"): a requester on a 390 px phone
 * attaches a photo and a file to the public form and submits; the photo comes back as a
 * thumbnail on the requester's own order page; staff see the thumbnail, open it full size,
 * and download the file from the order detail, in zh-CN and en-US. A file the server
 * refuses is named in a message and never reaches the form. Screenshots go to
 * test-results/screenshots/upload-*.png.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPost } from './helpers.ts';
import { applicationByName, loginAs, openAs, quiet, type Account } from './staff.ts';

// Ignored by git.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', fullPage: true });

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const tag = String(Date.now() % 1_000_000);
const appName = `设施巡检${tag}`;

/** A company template asking for an issue, up to two photos and one file, bound to a new application. */
async function photoApplication(request: Parameters<typeof loginAs>[0], admin: Account): Promise<string> {
  const schema = {
    list: [
      { type: 'input', label: '问题描述', model: 'issue', key: 'issue_1', options: { width: '100%' }, rules: [{ required: true, message: '请填写问题描述' }] },
      { type: 'uploadImg', label: '现场照片', model: 'photos', key: 'photos_1', options: { limit: 2 }, rules: [{ required: true, message: '请上传现场照片' }] },
      { type: 'uploadFile', label: '附件', model: 'files', key: 'files_1', options: { limit: 1 }, rules: [{ required: false }] },
    ],
    config: { layout: 'vertical' },
  };
  const tpl = await apiPost<{ id: number }>(request, admin.token, '/admin/template/add', { company_id: admin.companyId, is_private: 1, name: appName, schema });
  await apiPost(request, admin.token, '/admin/Application/add', { company_id: admin.companyId, name: appName, template_id: tpl.id });
  return (await applicationByName(request, admin, appName)).app_key;
}

/** The file input of the form item labelled `label`. */
const fileInput = (page: Page, label: string): Locator => page.locator('.ant-form-item', { hasText: label }).locator('input[type="file"]');

/** Waits until every image matched has loaded with a real size. */
async function expectLoaded(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++)
    await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

let orderId = 0;

test('a requester on a phone attaches a photo and a file; the order page shows the photo', async ({ page, request }) => {
  const admin = await loginAs(request, 'admin');
  const key = await photoApplication(request, admin);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/input?app=${key}`);
  await expect(page.getByText('现场照片')).toBeVisible();

  // A photo: any real PNG will do; a screenshot of the form is one.
  const photo = await page.screenshot();
  await page.locator('[id="form_issue"]').fill('三楼走廊灯不亮');
  await fileInput(page, '现场照片').setInputFiles({ name: 'corridor.png', mimeType: 'image/png', buffer: photo });
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1);

  // A program dressed as a PDF is refused with its name, and nothing is added.
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]);
  await fileInput(page, '附件').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: exe });
  await expect(page.locator('.ant-message')).toContainText('invoice.pdf');
  await fileInput(page, '附件').setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('三楼走廊东侧两盏灯\n') });
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(2);
  await shot(page, 'upload-form-zh-CN');

  await page.locator('#requester_name').fill('赵六');
  await page.locator('#requester_phone').fill('13900139006');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('order-no')).toBeVisible();
  await page.getByTestId('view-my-order').click();
  await expect(page).toHaveURL(/\/orderInfo\?id=\d+&ident=/);
  orderId = Number(new URL(page.url()).searchParams.get('id'));
  await expectLoaded(page.getByTestId('upload-thumb').locator('img'), 1);
  await expect(page.getByRole('link', { name: '说明.txt' })).toBeVisible();
  await shot(page, 'upload-order-phone-zh-CN');
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`staff see the photo and download the file from the order detail (${lang})`, async ({ page, request }) => {
    expect(orderId).toBeGreaterThan(0);
    const admin = await loginAs(request, 'admin');
    await openAs(page, admin, `/orders/workorder/detail/${orderId}`, lang);
    const thumbs = page.getByTestId('upload-thumb').locator('img');
    await expectLoaded(thumbs, 1);
    await quiet(page);
    await shot(page, `upload-detail-${lang}`);

    await page.getByTestId('upload-thumb').first().click();
    const full = page.locator('.ant-image-preview-img');
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(320);
    await page.keyboard.press('Escape');
    await expect(full).toBeHidden();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '说明.txt' }).click();
    expect((await download).suggestedFilename()).toBe('说明.txt');
  });
}
