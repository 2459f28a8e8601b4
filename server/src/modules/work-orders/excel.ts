/**
 * Excel export and import of work orders (docs/design.md, "HTTP contract": sizes). Export
 * streams every matching order (keyset batches of 1,000) through exceljs's streaming
 * writer, with the templates' form fields as columns; strings a spreadsheet would run as
 * formulas are stored as text. Import reads an .xlsx whose header matches an application's
 * template (as a stream, behind the guards of import-guard.ts), validates every row like
 * `createWorkNew`, creates all valid rows in one transaction and reports the invalid ones
 * by row number and field.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import {
  createWorkBody,
  templateFields,
  validateFormData,
  WORK_ORDER_STATUSES,
  type FormField,
  type ApplicationId,
  type ImportReply,
  type TemplateId,
  type WorkOrderId,
  type WorkOrderStatus,
} from '@swo/contract';
import type { z } from 'zod';
import type { exportQuery } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import type { Actor } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { fieldMessage, formFieldMessage } from '../../http/field-messages.ts';
import { LANGS, message, type Lang, type MessageKey } from '../../http/messages.ts';
import { now, stamp } from '../../lib/time.ts';
import { forCompany, type CompanyData } from '../tenancy/for-company.ts';
import { withCompanySources } from '../templates/sources.ts';
import { parsedTemplate } from '../templates/parsed.ts';
import { partyOf } from './actions.ts';
import { createOrder, templateOf } from './create.ts';
import { cellText, cellValue, formValue, looksLikeFormula } from './excel-cells.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { checkUnpackedSize, readFirstSheet, withImportLock } from './import-guard.ts';
import { zonedFilters } from './service.ts';
import { visibilityOf } from './visibility.ts';
import { namesFor } from './names.ts';

/** Largest import file, in bytes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most data rows one import takes. */
export const MAX_IMPORT_ROWS = 10_000;
const BATCH = 1000;

/** Sheet, column, status and yes/no words of the caller's language, from the message catalogue. */
function wordsFor(lang: Lang) {
  const m = (k: MessageKey) => message(lang, k);
  const status = Object.fromEntries(WORK_ORDER_STATUSES.map((st) => [st, m(`status_${st}`)])) as Record<WorkOrderStatus, string>;
  return {
    sheet: m('xlsSheet'),
    cols: (
      [
        'colOrderNo',
        'colTitle',
        'colStatus',
        'colApplication',
        'colCategory',
        'colHandler',
        'colRequester',
        'colPhone',
        'colCreated',
        'colUpdated',
        'colReason',
      ] as const
    ).map(m),
    status,
    yesNo: [m('yes'), m('no')] as [string, string],
    requester: m('colRequester'),
    phone: m('colPhone'),
    formSuffix: m('formSuffix'),
  };
}

/** A column's header in any language of the catalogue, plus older names people still type. */
const headerWords = (key: MessageKey, ...older: string[]) => new Set([...LANGS.map((lang) => message(lang, key)), ...older]);
const REQUESTER_HEADERS = headerWords('colRequester', '请求人姓名', '报单人', '報單人');
const PHONE_HEADERS = headerWords('colPhone', '電話');

type ExportFilters = z.infer<typeof exportQuery>;

/** Export columns of the form fields: one per distinct label across the templates involved. */
async function formColumns(db: Db, data: CompanyData, applicationId?: ApplicationId) {
  const templates = await data.reads.templatesInUse(applicationId);
  const byLabel = new Map<string, { label: string; fields: Map<TemplateId, FormField> }>();
  for (const t of templates) {
    // Source fields export the names of their choices, as the order detail shows them.
    for (const f of templateFields(await withCompanySources(db, data.companyId, parsedTemplate(t.schema)))) {
      const col = byLabel.get(f.label) ?? (byLabel.set(f.label, { label: f.label, fields: new Map() }), byLabel.get(f.label)!);
      col.fields.set(t.id, f);
    }
  }
  return [...byLabel.values()];
}

export function createExcelService(db: Kysely<DB>) {
  return {
    /** Streams the filtered list as .xlsx; returns the stream and a `yyyyMMddhhmmss.xlsx` name. */
    async export(actor: Actor, filters: ExportFilters): Promise<{ filename: string; stream: Readable }> {
      const data = forCompany(db, actor.companyId);
      await data.references.requireOwned({ application: filters.application_id, category: filters.category_id, staff: filters.handler_id });
      const words = wordsFor(actor.lang);
      const zoned = zonedFilters(filters, actor.timeZone);
      const columns = await formColumns(db, data, filters.application_id);
      const visibility = await visibilityOf(data, actor);
      const stream = new PassThrough();
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const ws = wb.addWorksheet(words.sheet);
      // A form field named like a fixed column (e.g. 标题) gets a suffix, so every header is unique.
      const formHeaders = columns.map((c) => (words.cols.includes(c.label) ? `${c.label}${words.formSuffix}` : c.label));
      ws.columns = [...words.cols, ...formHeaders].map((header, i) => ({ header, width: i < 2 ? 22 : 16 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      const write = async () => {
        let before: WorkOrderId | null = null;
        for (;;) {
          const rows = await data.orders.orderBatch({ ...zoned, visibility }, before, BATCH);
          const names = await namesFor(db, actor.companyId, actor.epoch, rows);
          for (const o of rows) {
            const data = JSON.parse(o.form_data) as Record<string, unknown>;
            const values = [
              o.order_no,
              o.title,
              words.status[o.status as WorkOrderStatus] ?? o.status,
              names.application(o.application_id),
              names.category(o.category_id) ?? '',
              names.handler(o.handler_id) ?? '',
              o.requester_name,
              o.requester_phone,
              o.created_at.replace('T', ' ').slice(0, 19),
              o.updated_at.replace('T', ' ').slice(0, 19),
              o.reason ?? '',
              ...columns.map((c) => {
                const f = c.fields.get(o.template_id);
                return f ? cellValue(f, data[f.model], words.yesNo) : null;
              }),
            ];
            const row = ws.addRow(values);
            row.eachCell((cell) => {
              // Text format: a value like =HYPERLINK(...) stays a string, never a formula.
              if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) cell.numFmt = '@';
            });
            row.commit();
          }
          if (rows.length < BATCH) break;
          before = rows[rows.length - 1].id;
        }
        ws.commit();
        await wb.commit();
      };
      write().catch((err: Error) => stream.destroy(err));
      await data.log.write({
        user_id: actor.userId,
        username: actor.username,
        module: 'work_order',
        action: 'export',
        ip: actor.ip,
        detail: { filters },
      });
      const filename = `${stamp(now(), actor.timeZone)}.xlsx`;
      return { filename, stream };
    },

    /** An empty import sheet for the application: requester columns then the template's fields. */
    async importTemplate(actor: Actor, applicationId: ApplicationId): Promise<Buffer> {
      const app = await forCompany(db, actor.companyId).applications.findActiveApplication(applicationId);
      if (!app) throw errors.notFound('appNotFound');
      const words = wordsFor(actor.lang);
      const fields = templateFields(await withCompanySources(db, actor.companyId, templateOf(app)));
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(app.name.slice(0, 31));
      ws.columns = [words.requester, words.phone, ...fields.map((f) => f.label)].map((header) => ({ header, width: 18 }));
      ws.getRow(1).font = { bold: true };
      fields.forEach((f, i) => {
        const hints = f.options?.options?.map((o) => o.label).join(' / ');
        const required = (f.rules ?? []).some((r) => r.required);
        ws.getCell(1, i + 3).note = [required ? '*' : '', hints ?? '', f.type === 'date' ? 'YYYY-MM-DD' : ''].filter(Boolean).join(' ');
      });
      return Buffer.from(await wb.xlsx.writeBuffer());
    },

    /** Imports rows for the application; valid rows are created in one transaction. */
    async import(actor: Actor, applicationId: ApplicationId, file: Buffer): Promise<ImportReply> {
      const app = await forCompany(db, actor.companyId).applications.findActiveApplication(applicationId);
      if (!app) throw errors.notFound('appNotFound');
      // Source fields take the company's choices, so a cell may name a department as people do.
      const template = templateOf(app);
      const schema = await withCompanySources(db, actor.companyId, template);
      const fields = templateFields(schema);
      return withImportLock(db, actor.companyId, async () => {
        await checkUnpackedSize(file);
        const sheet = await readFirstSheet(file, MAX_IMPORT_ROWS);
        const header = new Map<string, number>();
        sheet.header?.eachCell((cell, col) => {
          const t = cellText(cell.value);
          if (t !== null) header.set(String(t), col);
        });
        const colOf = (names: Set<string>) => [...header.entries()].find(([k]) => names.has(k))?.[1];
        const requesterCol = colOf(REQUESTER_HEADERS);
        const phoneCol = colOf(PHONE_HEADERS);
        const missing = [
          ...(requesterCol ? [] : [wordsFor(actor.lang).requester]),
          ...(phoneCol ? [] : [wordsFor(actor.lang).phone]),
          ...fields.filter((f) => (f.rules ?? []).some((r) => r.required) && !header.has(f.label)).map((f) => f.label),
        ];
        if (missing.length) throw new AppError(400, 'badHeader', null, 400, { columns: missing.join(', ') });

        const report: ImportReply = { created: 0, failed: 0, orders: [], errors: [] };
        const valid: { row: number; value: Record<string, unknown>; name: string; phone: string }[] = [];
        for (const row of sheet.rows) {
          const r = row.number;
          const formData: Record<string, unknown> = {};
          for (const f of fields) {
            const col = header.get(f.label);
            if (col) formData[f.model] = formValue(f, row.getCell(col).value);
          }
          const name = String(cellText(row.getCell(requesterCol!).value) ?? '');
          const phone = String(cellText(row.getCell(phoneCol!).value) ?? '');
          const rowErrors: ImportReply['errors'] = [];
          const people = createWorkBody.pick({ requester_name: true, requester_phone: true }).safeParse({ requester_name: name, requester_phone: phone });
          if (!people.success) for (const i of people.error.issues) rowErrors.push({ row: r, field: String(i.path[0]), message: fieldMessage(actor.lang, i) });
          const check = validateFormData(schema, formData, { sanitizeHtml: sanitizeRichText });
          for (const [model, es] of Object.entries(check.errors))
            rowErrors.push({ row: r, field: fields.find((f) => f.model === model)?.label ?? model, message: formFieldMessage(actor.lang, es[0]) });
          if (rowErrors.length) {
            report.failed += 1;
            report.errors.push(...rowErrors);
          } else valid.push({ row: r, value: check.value, name, phone });
        }
        if (sheet.rows.length === 0) throw new AppError(400, 'noRows');
        await db.transaction().execute(async (trx) => {
          for (const v of valid) {
            const o = await createOrder(trx, {
              app,
              schema: template,
              value: v.value,
              requesterName: v.name,
              requesterPhone: v.phone,
              requesterId: null,
              creatorStaffId: actor.staffId,
              by: partyOf(actor),
              lang: actor.lang,
            });
            report.orders.push({ row: v.row, ...o });
          }
          await forCompany(trx, actor.companyId).log.write({
            ...partyLog(actor),
            action: 'import',
            detail: { application: app.name, created: valid.length, failed: report.failed, at: now() },
          });
        });
        report.created = valid.length;
        return report;
      });
    },
  };
}

const partyLog = (a: Actor) => ({ user_id: a.userId, username: a.username, module: 'work_order' as const, ip: a.ip });
export type ExcelService = ReturnType<typeof createExcelService>;
