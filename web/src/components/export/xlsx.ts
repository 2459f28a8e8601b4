/**
 * Writes a one-sheet .xlsx from a header row and data rows with write-excel-file (strings
 * as text, finite numbers as numbers, booleans and everything else as text); the header
 * row is bold. Loaded only when a table is exported (TableExport imports it on click).
 */
import writeXlsxFile, { type Cell as SheetCell } from 'write-excel-file/universal';

export type Cell = string | number | boolean | null | undefined;

// Characters XML 1.0 does not allow.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function toSheetCell(v: Cell, bold = false): SheetCell {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: v, type: Number };
  if (v === null || v === undefined || v === '') return null;
  // type String: text such as "=1+2" stays text, never a formula.
  return { value: String(v).replace(NOT_XML, ''), type: String, ...(bold ? { fontWeight: 'bold' as const } : {}) };
}

/** The .xlsx of one sheet named `sheetName` (at most 31 characters, as Excel allows). */
export async function writeXlsx(header: string[], rows: Cell[][], sheetName = 'Sheet1'): Promise<Blob> {
  const data = [header.map((h) => toSheetCell(h, true)), ...rows.map((r) => r.map((v) => toSheetCell(v)))];
  const columns = header.map((h) => ({ width: Math.min(60, Math.max(12, h.length * 2 + 4)) }));
  return writeXlsxFile(data, { sheet: sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), columns }).toBlob();
}
