/** The import's defences: row cap read as a stream, unpacked-size cap, one import per company. */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '../src/modules/work-orders/excel.ts';
import { checkUnpackedSize, MAX_UNPACKED_BYTES, readFirstSheet } from '../src/modules/work-orders/import-guard.ts';
import { setup, type Harness } from './helper.ts';
import { countOrders as countAllOrders } from './helper.ts';
import { applicationId, cast, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
let appId: number;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
  appId = await applicationId(h, '门禁卡办理');
});
afterAll(() => h.close());

const HEADER = ['请求人', '联系电话', '楼栋房号', '办理类型', '住户身份', '办理数量', '期望领取日期', '备注'];
const good = (i: number) => [
  `住户${i}`,
  `139${String(i).padStart(8, '0')}`,
  `${(i % 9) + 1}栋1单元${100 + (i % 800)}`,
  '新办',
  '业主',
  (i % 5) + 1,
  null,
  `备注${i}`,
];

/** An import sheet of `n` rows made by `row`, written with the streaming writer. */
async function sheet(n: number, row: (i: number) => unknown[] = good): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (b: Buffer) => chunks.push(b));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('import');
  ws.addRow(HEADER).commit();
  for (let i = 0; i < n; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

async function upload(file: Buffer) {
  const form = new FormData();
  form.append('company_id', String(h.property));
  form.append('application_id', String(appId));
  form.append('file', new Blob([new Uint8Array(file)]), 'orders.xlsx');
  const res = await h.app.inject({ method: 'POST', url: '/index.php/admin/Work/batchUpload', headers: { token: c.admin }, payload: form });
  return { status: res.statusCode, body: res.json() };
}

/** The same zip with every central-directory entry claiming 1 KiB unpacked: a lying bomb. */
function lyingSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = out.readUInt32LE(eocd + 16);
  for (let n = out.readUInt16LE(eocd + 10); n > 0; n--) {
    expect(out.readUInt32LE(at)).toBe(0x02014b50);
    out.writeUInt32LE(1024, at + 24);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

const countOrders = () => countAllOrders(h);
const locks = async () => (await h.db.selectFrom('import_locks').selectAll().execute()).length;

describe('import guards', () => {
  it('reads Chinese text whole even where the inflated chunks split a character', async () => {
    const text = (i: number) => `住户${i}号楼栋房号办理类型住户身份`.repeat(3);
    const { header, rows } = await readFirstSheet(await sheet(3000, (i) => [text(i), '新办', '业主']), MAX_IMPORT_ROWS);
    expect(header?.getCell(1).value).toBe('请求人');
    expect(rows.length).toBe(3000);
    const bad = rows.filter((r, i) => r.getCell(1).value !== text(i) || r.getCell(2).value !== '新办' || r.getCell(3).value !== '业主');
    expect(bad.map((r) => r.number)).toEqual([]);
  });

  it(`refuses ${MAX_IMPORT_ROWS + 1} rows with the rows message and creates nothing`, async () => {
    const before = await countOrders();
    const r = await upload(await sheet(MAX_IMPORT_ROWS + 1));
    expect(r.status).toBe(413);
    expect(r.body.msg).toContain(String(MAX_IMPORT_ROWS));
    expect(await countOrders()).toBe(before);
    expect(await locks()).toBe(0);
  });

  it('refuses a file whose XML unpacks past the cap before parsing it', async () => {
    const long = 'x'.repeat(32_000);
    const rows = Math.ceil(MAX_UNPACKED_BYTES / long.length) + 10;
    const file = await sheet(rows, () => [long]);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const before = await countOrders();
    const r = await upload(file);
    expect(r.status).toBe(413);
    expect(r.body.msg).toContain('50');
    expect(await countOrders()).toBe(before);
  });

  it('a zip whose declared sizes lie is stopped while it is read', async () => {
    const long = 'x'.repeat(32_000);
    const file = lyingSizes(await sheet(Math.ceil(MAX_UNPACKED_BYTES / long.length) + 10, () => [long]));
    expect(await checkUnpackedSize(file)).toBeLessThan(10_000); // the lie passes the first check
    const before = await countOrders();
    const r = await upload(file);
    expect(r.status).toBe(413);
    expect(r.body.msg).toContain('50');
    expect(await countOrders()).toBe(before);
    expect(await locks()).toBe(0);
  });

  it('a second concurrent import of the same company gets 409; the lock is freed after', async () => {
    const file = await sheet(2000);
    const before = await countOrders();
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.msg).toContain('导入');
    const done = a.status === 200 ? a : b;
    expect(done.body.data.errors).toEqual([]);
    expect(await countOrders()).toBe(before + 2000);
    expect(await locks()).toBe(0);
    const again = await upload(await sheet(1));
    expect(again.status).toBe(200);
    // Two thousand orders in one transaction: on PostgreSQL under a loaded machine this passed 30 s.
  }, 120_000);

  it('a lock held by another process answers 409 until it expires', async () => {
    const expires = new Date(Date.now() + 60_000).toISOString();
    await h.db.insertInto('import_locks').values({ company_id: h.property, holder: 'other-process', expires_at: expires }).execute();
    expect((await upload(await sheet(1))).status).toBe(409);
    await h.db
      .updateTable('import_locks')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await upload(await sheet(1))).status).toBe(200);
    expect(await locks()).toBe(0);
  });
});
