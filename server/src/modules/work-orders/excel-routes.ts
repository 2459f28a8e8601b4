/** Excel calls: export of the filtered list, the import template, and import (`Work/batchUpload`). */
import { exportQuery } from '@swo/contract';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { MAX_IMPORT_BYTES } from './excel.ts';

const tags = ['work orders'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function excelRoutes(app: App, s: Services): void {
  app.get('/admin/Work/export', { config: { permission: 'workorder.export' }, schema: { querystring: exportQuery, tags } }, async (req, reply) => {
    const { filename, stream } = await s.excel.export(actorOf(req), req.query);
    return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${filename}"`).send(stream);
  });

  app.get(
    '/admin/Work/importTemplate',
    { config: { permission: 'workorder.import' }, schema: { querystring: z.object({ company_id: z.coerce.number().int(), application_id: z.coerce.number().int().positive() }), tags } },
    async (req, reply) => {
      const buf = await s.excel.importTemplate(actorOf(req), req.query.application_id);
      return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="import-template.xlsx"').send(buf);
    },
  );

  // multipart/form-data: fields company_id and application_id, then the file.
  app.post('/admin/Work/batchUpload', { config: { permission: 'workorder.import' }, schema: { tags } }, async (req) => {
    const actor = actorOf(req);
    const fields = (req.body ?? {}) as Record<string, { value?: unknown; toBuffer?: () => Promise<Buffer>; filename?: string } | undefined>;
    const applicationId = Number(fields.application_id?.value);
    if (!Number.isInteger(applicationId) || applicationId <= 0) throw errors.validation({ application_id: ['application_id is required'] });
    const file = fields.file;
    if (!file?.toBuffer) throw errors.validation({ file: ['file is required'] });
    let buf: Buffer;
    try {
      buf = await file.toBuffer();
    } catch {
      throw new AppError(413, 'fileTooLarge');
    }
    if (buf.length > MAX_IMPORT_BYTES) throw new AppError(413, 'fileTooLarge');
    return ok(await s.excel.import(actor, applicationId, buf));
  });
}
