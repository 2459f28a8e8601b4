import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, call, setup, type Harness } from './helper.ts';
import { countOrders as countAllOrders, firstSheet } from './helper.ts';
import { applicationId, cast, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

const readXlsx = firstSheet;

async function upload(token: string, appId: number, file: Buffer, name = 'orders.xlsx') {
  const form = new FormData();
  form.append('company_id', String(h.property));
  form.append('application_id', String(appId));
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await h.app.inject({ method: 'POST', url: '/index.php/admin/Work/batchUpload', headers: { token }, payload: form });
  return { status: res.statusCode, body: res.json() };
}

const countOrders = () => countAllOrders(h);

describe('export', () => {
  it('streams every matching order with the form fields as columns; formulas stay text', async () => {
    const key = await appKey(h.db, h.property, '投诉与建议');
    const evil = '=HYPERLINK("http://evil.example","点我")';
    const created = await call(h.app, 'POST', '/home/Work_Create/createWorkNew', {
      payload: { app_key: key, requester_name: '+陈先生', requester_phone: '13600000000', form_data: { target: '1', subject: evil, content: '@SUM(1,2)' } },
    });
    expect(created.status).toBe(200);
    const appId = await applicationId(h, '投诉与建议');
    const res = await h.app.inject({
      method: 'GET',
      url: '/index.php/admin/Work/export',
      headers: { token: c.admin },
      query: { company_id: String(h.property), application_id: String(appId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="\d{14}\.xlsx"/);
    const ws = await readXlsx(res.rawPayload);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['工单号', '状态', '投诉对象', '标题（表单）', '详细内容']));
    expect(new Set(header).size).toBe(header.length);
    const matching = await h.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('application_id', '=', appId)
      .executeTakeFirstOrThrow();
    expect(ws.actualRowCount - 1).toBe(Number(matching.n));
    const row = ws.getRow(2); // newest first
    const col = (name: string) => header.indexOf(name) + 1;
    expect(row.getCell(col('工单号')).value).toBe(created.body.data.order_no);
    const subject = row.getCell(col('标题（表单）'));
    expect(subject.value).toBe(evil);
    expect(subject.formula).toBeUndefined();
    expect(subject.type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(col('详细内容')).formula).toBeUndefined();
    expect(row.getCell(col('投诉对象')).value).toBe('物业服务'); // option label, not its value
    expect(row.getCell(col('状态')).value).toBe('待指派');
  });

  it('needs the export permission', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/index.php/admin/Work/export',
      headers: { token: c.handler },
      query: { company_id: String(h.property) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('import', () => {
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const appId = await applicationId(h, '门禁卡办理');
    const tpl = await h.app.inject({
      method: 'GET',
      url: '/index.php/admin/Work/importTemplate',
      headers: { token: c.admin },
      query: { company_id: String(h.property), application_id: String(appId) },
    });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['请求人', '联系电话', '楼栋房号', '办理类型', '住户身份', '办理数量', '期望领取日期', '备注']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('creates the 17 valid rows of 20 and reports the 3 bad ones by row and field', async () => {
    const good = (i: number) => [
      `住户${i}`,
      `1390000${String(i).padStart(4, '0')}`,
      `${(i % 9) + 1}栋1单元${100 + i}`,
      '新办',
      '业主',
      (i % 5) + 1,
      new Date(Date.UTC(2026, 11, 1)),
      `备注${i}`,
    ];
    const rows: unknown[][] = Array.from({ length: 20 }, (_, i) => good(i));
    rows[4] = ['住户4', '13900000004', '4号楼', '新办', '业主', 1, null, '']; // room pattern
    rows[9] = ['住户9', '13900000009', '1栋1单元109', '换卡', '业主', 2, null, '']; // unknown option
    rows[15] = ['', '13900000015', '1栋1单元115', '补办', '租户', 9, null, '']; // no requester, quantity too big
    const appId = await applicationId(h, '门禁卡办理');
    const before = await countOrders();
    const r = await upload(c.admin, appId, await sheet(rows));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.created).toBe(17);
    expect(r.body.data.failed).toBe(3);
    expect(await countOrders()).toBe(before + 17);
    const errs = r.body.data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`);
    expect(errs).toEqual(['6:楼栋房号', '11:办理类型', '17:requester_name', '17:办理数量']);
    // Each imported order has its own number: the company's day and its next sequence numbers.
    const numbers: string[] = r.body.data.orders.map((o: { order_no: string }) => o.order_no);
    expect(new Set(numbers).size).toBe(17);
    for (const n of numbers) expect(n).toMatch(/^\d{8}\d{6,}$/);
    const seqs = numbers.map((n) => Number(n.slice(8)));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const first = r.body.data.orders[0];
    const detail = await call(h.app, 'GET', '/admin/Work/detail', { token: c.admin, payload: { company_id: h.property, id: first.id } });
    expect(detail.body.data.order_no).toBe(first.order_no);
    expect(detail.body.data.form_data).toMatchObject({ room: '1栋1单元100', kind: '1', identity: '1', quantity: 1, pickup_date: '2026-12-01' });
  });

  it('a malformed file or a wrong header creates nothing', async () => {
    const appId = await applicationId(h, '门禁卡办理');
    const before = await countOrders();
    const junk = await upload(c.admin, appId, Buffer.from('this is not a spreadsheet'));
    expect(junk.status).toBe(400);
    expect(junk.body.msg).toContain('xlsx');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['姓名', '电话']);
    const wrong = await upload(c.admin, appId, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('楼栋房号');
    expect(await countOrders()).toBe(before);
  });

  it('an oversized file gets 413 and creates nothing', async () => {
    const appId = await applicationId(h, '门禁卡办理');
    const before = await countOrders();
    const r = await upload(c.admin, appId, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(r.status).toBe(413);
    expect(await countOrders()).toBe(before);
  });

  it('needs the import permission', async () => {
    const appId = await applicationId(h, '门禁卡办理');
    const r = await upload(c.dispatcher, appId, await sheet([]));
    expect(r.status).toBe(403);
  });
});
