/**
 * Uploads (docs/design.md, "Uploads"): staff and requesters upload files and images of form
 * fields; the content is sniffed, images are re-encoded without EXIF and get a thumbnail;
 * files come back only to staff of the company, as attachments with nosniff; uploads never
 * attached to an order are purged after a day.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadService } from '../src/modules/uploads/service.ts';
import { appKey, call, login, setup, type Harness } from './helper.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swo-upload-test-'));
const MAX = 1024 * 1024;
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await setup({ uploadDir: dir, uploadMaxBytes: MAX });
  admin = await login(h.app, 'admin');
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  token?: string;
  companyId?: number;
  appKey?: string;
}

async function send(kind: 'file' | 'image', data: Buffer, name: string, who: Sent = { token: admin, companyId: h.property }) {
  const form = new FormData();
  if (who.companyId) form.append('company_id', String(who.companyId));
  if (who.appKey) form.append('app_key', who.appKey);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const url = `/index.php/admin/Upload/${kind === 'image' ? 'uploadTwo' : 'uploadFileTwo'}`;
  const res = await h.app.inject({ method: 'POST', url, headers: who.token ? { token: who.token } : {}, payload: form });
  return { status: res.statusCode, body: res.json() };
}

const fetchFile = (url: string, query: string, token?: string) =>
  h.app.inject({ method: 'GET', url: `/index.php${url}&${query}`, headers: token ? { token } : {} });

/** A 640x480 JPEG whose EXIF says where it was taken. */
const photoWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3080c0' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
    .toBuffer();

describe('images', () => {
  it('are re-encoded without EXIF, get a thumbnail, answer code 0 and come back inline to staff of the company', async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const up = await send('image', photo, 'IMG_0001.jpg');
    expect(up.status).toBe(200);
    expect(up.body.code).toBe(0);
    expect(up.body.data).toMatchObject({ name: 'IMG_0001.jpg', mime: 'image/jpeg' });
    expect(up.body.data.fileId).toMatch(/^[0-9a-f]{32}$/);

    const got = await fetchFile(up.body.data.url, `company_id=${h.property}`, admin);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([640, 480]);

    const thumb = await fetchFile(up.body.data.thumbUrl, `company_id=${h.property}`, admin);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const t = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(t.width, t.height)).toBe(320);
  });

  it('refuses SVG, a text file called .png and a broken image, storing nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>');
    for (const [data, name] of [
      [svg, 'logo.svg'],
      [Buffer.from('not an image at all'), 'photo.png'],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]), 'broken.jpg'],
    ] as const) {
      const r = await send('image', data, name);
      expect(r.status, name).toBe(400);
      expect(r.body.data.errors.file).toEqual(['请上传 JPEG、PNG、GIF 或 WebP 格式的图片']);
    }
    const rows = await h.db.selectFrom('uploads').select('name').execute();
    expect(rows.map((x) => x.name)).not.toContain('logo.svg');
  });
});

describe('files', () => {
  it('must be what their name says; text files pass; programs never; others download as attachments', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const ok = await send('file', pdf, '报告.pdf');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: '报告.pdf', mime: 'application/pdf', thumbUrl: null });
    const got = await fetchFile(ok.body.data.url, `company_id=${h.property}`, admin);
    expect(got.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('报告.pdf')}`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(pdf)).toBe(true);

    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const mismatch = await send('file', png, 'contract.pdf');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.errors.file).toEqual(['文件内容与扩展名不符']);
    const text = await send('file', Buffer.from('第一行\nsecond line\n'), 'notes.txt');
    expect(text.body.data.mime).toBe('text/plain');
    const html = await send('file', Buffer.from('<script>alert(1)</script>'), 'page.html');
    expect(html.status).toBe(400);
    const exe = await send('file', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]), 'setup.exe');
    expect(exe.status).toBe(400);
  });

  it('beyond the limit: 413 with the limit named', async () => {
    const r = await send('file', Buffer.alloc(MAX + 10, 'a'), 'big.txt');
    expect(r.status).toBe(413);
    expect(r.body.data.errors.file).toEqual(['文件不能超过 1 MB']);
  });
});

describe('who may', () => {
  it('a requester uploads with the form key; nobody without a token or key; a wrong key is 404', async () => {
    const key = await appKey(h.db, h.property, '业主报修');
    const photo = await photoWithGps();
    const byRequester = await send('image', photo, 'leak.jpg', { appKey: key });
    expect(byRequester.status).toBe(200);
    const row = await h.db.selectFrom('uploads').selectAll().where('file_key', '=', byRequester.body.data.fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: h.property, user_id: null, work_order_id: null });
    expect((await send('image', photo, 'x.jpg', {})).status).toBe(401);
    expect((await send('image', photo, 'x.jpg', { appKey: 'no-such-key' })).status).toBe(404);
  });

  it("another company's staff, a signed-out caller and a requester without the order get 404 or 401", async () => {
    const up = await send('file', Buffer.from('secret minutes'), 'minutes.txt');
    const url = up.body.data.url;
    expect((await fetchFile(url, `company_id=${h.it}`, admin)).statusCode).toBe(404);
    expect((await fetchFile(url, `company_id=${h.property}`)).statusCode).toBe(401);
    expect((await fetchFile(url, `ident=${'x'.repeat(32)}`)).statusCode).toBe(404);
  });
});

describe('on orders', () => {
  /** An application whose form asks for at most two photos and one file. */
  async function photoForm(name: string): Promise<string> {
    const schema = {
      list: [
        { type: 'input', label: '问题', model: 'issue', key: 'issue_1', options: {}, rules: [{ required: true, message: '请填写问题' }] },
        { type: 'uploadImg', label: '照片', model: 'photos', key: 'photos_1', options: { limit: 2 }, rules: [{ required: true, message: '请上传照片' }] },
        { type: 'uploadFile', label: '附件', model: 'files', key: 'files_1', options: { limit: 1 }, rules: [{ required: false }] },
      ],
      config: {},
    };
    const tpl = await call(h.app, 'POST', '/admin/template/add', { token: admin, payload: { company_id: h.property, name, schema } });
    const app = await call(h.app, 'POST', '/admin/Application/add', { token: admin, payload: { company_id: h.property, name, template_id: tpl.body.data.id } });
    expect(app.status).toBe(200);
    return appKey(h.db, h.property, name);
  }
  const submit = (key: string, form_data: Record<string, unknown>) =>
    call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { app_key: key, requester_name: '周一', requester_phone: '13800000001', form_data } });

  it("a requester's photo goes with the order: the stored url is ours, staff and that requester see it, nobody else", async () => {
    const key = await photoForm('带照片的报修');
    const photo = await send('image', await photoWithGps(), 'wall.jpg', { appKey: key });
    const fileId = photo.body.data.fileId;
    const made = await submit(key, { issue: '墙面渗水', photos: [{ fileId, name: 'wall.jpg', url: 'https://evil.example/x.png', uid: 'rc-1' }] });
    expect(made.status).toBe(200);
    const order = await h.db.selectFrom('work_orders').select(['id', 'form_data']).where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    const stored = JSON.parse(order.form_data).photos[0];
    expect(stored).toMatchObject({ fileId, name: 'wall.jpg', url: `/admin/Upload/file?key=${fileId}` });
    expect(stored.uid).toBeUndefined();
    expect(stored.thumbUrl).toBe(`/admin/Upload/file?key=${fileId}&thumb=1`);
    const row = await h.db.selectFrom('uploads').select('work_order_id').where('file_key', '=', fileId).executeTakeFirstOrThrow();
    expect(row.work_order_id).toBe(order.id);

    expect((await fetchFile(stored.url, `ident=${made.body.data.ident}`)).statusCode).toBe(200);
    expect((await fetchFile(stored.thumbUrl, `ident=${made.body.data.ident}`)).headers['content-type']).toBe('image/webp');
    expect((await fetchFile(stored.url, `company_id=${h.property}`, admin)).statusCode).toBe(200);
    const other = await submit(key, {
      issue: '另一单',
      photos: [{ fileId: (await send('image', await photoWithGps(), 'b.jpg', { appKey: key })).body.data.fileId }],
    });
    expect((await fetchFile(stored.url, `ident=${other.body.data.ident}`)).statusCode).toBe(404);
    // Attached: the purge leaves it, however old.
    await h.db.updateTable('uploads').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('file_key', '=', fileId).execute();
    await createUploadService(h.appDb, { dir, maxBytes: MAX }).purge();
    expect((await fetchFile(stored.url, `company_id=${h.property}`, admin)).statusCode).toBe(200);
  });

  it("refuses an upload already on another order, another company's upload, a made-up id and too many photos, creating nothing", async () => {
    const key = await photoForm('照片校验');
    const used = (await send('image', await photoWithGps(), 'a.jpg', { appKey: key })).body.data.fileId;
    expect((await submit(key, { issue: '第一单', photos: [{ fileId: used }] })).status).toBe(200);
    const itKey = (await h.db.selectFrom('applications').select('app_key').where('company_id', '=', h.it).executeTakeFirstOrThrow()).app_key;
    const foreign = (await send('image', await photoWithGps(), 'f.jpg', { appKey: itKey })).body.data.fileId;
    const before = await h.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const again = await submit(key, { issue: '第二单', photos: [{ fileId: used }] });
    expect(again.status).toBe(400);
    expect(again.body.data.errors.photos).toEqual(['附件不存在、已失效或已用于其他工单，请重新上传']);
    expect((await submit(key, { issue: '跨公司', photos: [{ fileId: foreign }] })).body.data.errors.photos).toHaveLength(1);
    expect((await submit(key, { issue: '编造', photos: [{ fileId: 'f'.repeat(32) }] })).status).toBe(400);
    expect((await submit(key, { issue: '网址', photos: [{ url: 'https://evil.example/x.png' }] })).status).toBe(400);
    const three = await Promise.all(
      [1, 2, 3].map(async () => ({ fileId: (await send('image', await photoWithGps(), 'p.jpg', { appKey: key })).body.data.fileId })),
    );
    const tooMany = await submit(key, { issue: '三张', photos: three });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.errors.photos).toEqual(['照片不能大于 2']);
    const after = await h.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const free = await h.db.selectFrom('uploads').select('work_order_id').where('file_key', '=', foreign).executeTakeFirstOrThrow();
    expect(free.work_order_id).toBeNull();
  });
});

describe("a field's own limits", () => {
  it('an image field takes images only; maxSize and accept of a file field hold on the server too', async () => {
    const name = '限制校验';
    const schema = {
      list: [
        { type: 'uploadImg', label: '照片', model: 'photos', key: 'p', options: { limit: 3 } },
        { type: 'uploadFile', label: '报价单', model: 'quote', key: 'q', options: { limit: 2, maxSize: 0.001, accept: '.txt,application/pdf' } },
      ],
      config: {},
    };
    const tpl = await call(h.app, 'POST', '/admin/template/add', { token: admin, payload: { company_id: h.property, name, schema } });
    await call(h.app, 'POST', '/admin/Application/add', { token: admin, payload: { company_id: h.property, name, template_id: tpl.body.data.id } });
    const key = await appKey(h.db, h.property, name);
    const submit = (form_data: Record<string, unknown>) =>
      call(h.app, 'POST', '/home/Work_Create/createWorkNew', { payload: { app_key: key, requester_name: '周二', requester_phone: '13800000002', form_data } });
    const up = async (kind: 'file' | 'image', data: Buffer, file: string) => (await send(kind, data, file, { appKey: key })).body.data.fileId as string;

    const text = await up('file', Buffer.from('小文件'), 'a.txt');
    const big = await up('file', Buffer.alloc(2000, 'a'), 'big.txt');
    const csv = await up('file', Buffer.from('a,b\n1,2\n'), 'x.csv');
    const photoAsFile = await up('file', await photoWithGps(), 'p.jpg');

    const asPhoto = await submit({ photos: [{ fileId: text }] });
    expect(asPhoto.status).toBe(400);
    expect(asPhoto.body.data.errors.photos).toEqual(['请上传 JPEG、PNG、GIF 或 WebP 格式的图片']);
    expect((await submit({ photos: [{ fileId: photoAsFile }] })).status).toBe(400);
    expect((await submit({ quote: [{ fileId: big }] })).body.data.errors.quote).toEqual(['文件不能超过 0.001 MB']);
    expect((await submit({ quote: [{ fileId: csv }] })).body.data.errors.quote).toEqual(['不支持这种文件类型']);
    // Nothing was attached by the refused orders: the good file still goes on an order.
    const ok = await submit({ quote: [{ fileId: text }] });
    expect(ok.status).toBe(200);
  });
});

describe('purge', () => {
  it('removes uploads never attached to an order after a day, files and all', async () => {
    const fresh = await send('file', Buffer.from('fresh'), 'fresh.txt');
    const old = await send('image', await photoWithGps(), 'old.jpg');
    await h.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('file_key', '=', old.body.data.fileId)
      .execute();
    const gone = await createUploadService(h.appDb, { dir, maxBytes: MAX }).purge();
    expect(gone).toBeGreaterThanOrEqual(1);
    expect((await fetchFile(old.body.data.url, `company_id=${h.property}`, admin)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dir, old.body.data.fileId.slice(0, 2), old.body.data.fileId))).toBe(false);
    expect((await fetchFile(fresh.body.data.url, `company_id=${h.property}`, admin)).statusCode).toBe(200);
  });
});
