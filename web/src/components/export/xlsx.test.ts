import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { timestampName } from './fileName.ts';
import { exportRows } from './exportRows.ts';
import { columnName, writeXlsx } from './xlsx.ts';
import { crc32 } from './zip.ts';

describe('timestampName', () => {
  it('is yyyyMMddhhmmss in local time, 24-hour clock', () => {
    expect(timestampName(new Date(2026, 0, 5, 21, 7, 9))).toBe('20260105210709.xlsx');
    expect(timestampName(new Date(2026, 10, 15, 3, 4, 5), 'csv')).toBe('20261115030405.csv');
    expect(timestampName()).toMatch(/^\d{14}\.xlsx$/);
  });
});

describe('xlsx writer', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789')).toString(16)).toBe('cbf43926');
  });

  it('writes a workbook a spreadsheet reader opens, with text, numbers and escaping', async () => {
    const bytes = writeXlsx(['名称', 'Count', 'Note'], [
      ['业主报修', 3, 'a < b & "c"'],
      ['Complaints', 0, null],
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '名称', 'Count', 'Note']);
    expect(ws.getCell('A2').value).toBe('业主报修');
    expect(ws.getCell('B2').value).toBe(3);
    expect(ws.getCell('C2').value).toBe('a < b & "c"');
    expect(ws.getCell('B3').value).toBe(0);
    expect(ws.getCell('A1').font?.bold).toBe(true);
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
