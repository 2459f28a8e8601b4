/**
 * Defences of the Excel import against decompression bombs and pile-ups: the zip's
 * declared unpacked size is checked before any parsing, the sheet is read as a stream and
 * abandoned at the first row past the cap, and one import runs at a time per company
 * (a lock row in the database, so it holds across processes).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import yauzl from 'yauzl';
import type { CompanyId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { addMs, MINUTE, now } from '../../lib/time.ts';
import { forCompany } from '../tenancy/for-company.ts';

/** Most bytes the zip's entries may unpack to, together. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** How long a lock holds; past it, the lock of a crashed process is taken over. */
export const IMPORT_LOCK_MS = 10 * MINUTE;

const badFile = () => new AppError(400, 'badFile');
const unpackedTooLarge = (max: number) => new AppError(413, 'unpackedTooLarge', null, 413, { max: Math.round(max / 1024 / 1024) });

/** The declared unpacked size of the zip `file`; 400 when it is no zip, 413 past `max` bytes. */
export async function checkUnpackedSize(file: Buffer, max = MAX_UNPACKED_BYTES): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true }, (err, z) => (err || !z ? reject(badFile()) : resolve(z))),
  );
  return new Promise<number>((resolve, reject) => {
    let total = 0;
    zip.on('entry', (e: yauzl.Entry) => {
      total += e.uncompressedSize;
      if (total > max) {
        zip.close();
        reject(unpackedTooLarge(max));
      } else zip.readEntry();
    });
    zip.on('end', () => resolve(total));
    zip.on('error', () => reject(badFile()));
    zip.readEntry();
  });
}

/**
 * exceljs 4.4's streaming reader decodes each inflated chunk on its own, so a Chinese
 * character split between two chunks turns into U+FFFD (which chunk boundaries depend on
 * timing): its sheet and shared-strings parsers get whole characters here. They also count
 * what they are fed, so a zip whose declared sizes lie is still stopped at `maxUnpacked`.
 */
class GuardedWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  constructor(input: Readable, options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>, maxUnpacked: number) {
    super(input, options);
    let fed = 0;
    const feed = (n: number) => {
      fed += n;
      if (fed > maxUnpacked) throw unpackedTooLarge(maxUnpacked);
    };
    async function* utf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
      const decoder = new StringDecoder('utf8');
      for await (const c of chunks) {
        feed(c.length);
        yield typeof c === 'string' ? c : decoder.write(c);
      }
      const tail = decoder.end();
      if (tail) yield tail;
    }
    const self = this as unknown as Record<string, (...args: unknown[]) => unknown>;
    const sheet = self._parseWorksheet.bind(this);
    const strings = self._parseSharedStrings.bind(this);
    self._parseWorksheet = (iterator, sheetNo) => sheet(utf8(iterator as AsyncIterable<Buffer>), sheetNo);
    self._parseSharedStrings = (entry) => {
      const stream = entry as Readable;
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        try {
          feed(text.length);
        } catch (err) {
          stream.destroy(err as Error);
        }
      });
      return strings(entry);
    };
  }
}

/** A data row as the streaming reader gives it (`getCell(col).value`). */
export type SheetRow = ExcelJS.Row;

/**
 * Reads the first worksheet as a stream: its row 1, and the data rows that have values.
 * Stops reading and throws 413 `tooManyRows` at the first data row past `maxRows`, or
 * `unpackedTooLarge` once the sheet and shared strings fed to the parser pass `maxUnpacked`.
 */
export async function readFirstSheet(file: Buffer, maxRows: number, maxUnpacked = MAX_UNPACKED_BYTES): Promise<{ header: SheetRow | null; rows: SheetRow[] }> {
  const input = Readable.from([file]);
  const reader = new GuardedWorkbookReader(
    input,
    { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' },
    maxUnpacked,
  );
  let header: SheetRow | null = null;
  const rows: SheetRow[] = [];
  let sheets = 0;
  try {
    for await (const ws of reader) {
      sheets += 1;
      for await (const row of ws as AsyncIterable<SheetRow>) {
        if (row.number === 1) header = row;
        else if (row.hasValues) {
          if (rows.length >= maxRows) throw new AppError(413, 'tooManyRows', null, 413, { max: maxRows });
          rows.push(row);
        }
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badFile();
  } finally {
    input.destroy();
  }
  if (!sheets) throw badFile();
  return { header, rows };
}

/** Runs `fn` holding the company's import lock; 409 `importRunning` while another holds it. */
export async function withImportLock<T>(db: Kysely<DB>, companyId: CompanyId, fn: () => Promise<T>): Promise<T> {
  const { locks } = forCompany(db, companyId);
  const holder = randomBytes(12).toString('hex');
  const at = now();
  if (!(await locks.takeImportLock(holder, at, addMs(at, IMPORT_LOCK_MS)))) throw new AppError(409, 'importRunning');
  try {
    return await fn();
  } finally {
    await locks.releaseImportLock(holder);
  }
}
