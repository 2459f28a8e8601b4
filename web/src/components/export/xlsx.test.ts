import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { timestampName } from './fileName.ts';
import { exportRows } from './exportRows.ts';
import { writeXlsx } from './xlsx.ts';

describe('timestampName', () => {
  it('is yyyyMMddhhmmss in local time, 24-hour clock', () => {
    expect(timestampName(new Date(2026, 0, 5, 21, 7, 9))).toBe('20260105210709.xlsx');
    expect(timestampName(new Date(2026, 10, 15, 3, 4, 5), 'csv')).toBe('20261115030405.csv');
    expect(timestampName()).toMatch(/^\d{14}\.xlsx$/);
  });
});

describe('xlsx writer', () => {
  it('writes a workbook a spreadsheet reader opens, with text, numbers and escaping', async () => {
    const blob = await writeXlsx(
      ['名称', 'Count', 'Note'],
      [
        ['业主报修', 3, 'a < b & "c"'],
        ['Complaints', 0, null],
        ['=1+2', true, 'x\u0001y'],
      ],
      '应用列表',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '名称', 'Count', 'Note']);
    expect(ws.getCell('A2').value).toBe('业主报修');
    expect(ws.getCell('B2').value).toBe(3);
    expect(ws.getCell('C2').value).toBe('a < b & "c"');
    expect(ws.getCell('B3').value).toBe(0);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A4').value).toBe('=1+2');
    expect(ws.getCell('A4').formula).toBeUndefined();
    expect(ws.getCell('B4').value).toBe('true');
    expect(ws.getCell('C4').value).toBe('xy');
    expect(ws.name).toBe('应用列表');
  });
});

describe('exportRows', () => {
  it('skips the last column and reads nested dataIndex paths', () => {
    const { header, rows } = exportRows(
      [
        { title: 'Name', dataIndex: 'name' },
        { title: 'City', dataIndex: ['addr', 'city'] },
        { title: 'Actions', dataIndex: 'x' },
      ],
      [{ name: 'A', addr: { city: 'Macau' }, x: 1 }],
    );
    expect(header).toEqual(['Name', 'City']);
    expect(rows).toEqual([['A', 'Macau']]);
  });
});
