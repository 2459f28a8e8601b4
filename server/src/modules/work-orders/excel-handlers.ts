/** Handlers of the Excel calls: export of the filtered list, the import template, and import. */
import { applicationIdField } from '@swo/contract';
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';
import { AppError, errors } from '../../http/errors.ts';
import { fieldMessage } from '../../http/field-messages.ts';
import { fileOf, multipartFields } from '../../http/multipart.ts';
import { MAX_IMPORT_BYTES } from './excel.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const excelHandlers = (s: Services) =>
  defineHandlers({
    exportWorkOrders: async (q, { req, reply }) => {
      const { filename, stream } = await s.excel.export(actorOf(req), q);
      return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${filename}"`).send(stream);
    },
    importTemplate: async (q, { req, reply }) => {
      const buf = await s.excel.importTemplate(actorOf(req), q.application_id);
      return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="import-template.xlsx"').send(buf);
    },
    // multipart/form-data: fields company_id and application_id, then the file.
    importWorkOrders: async (body, { req }) => {
      const actor = actorOf(req);
      const applicationId = applicationIdField.safeParse(multipartFields(body).application_id?.value);
      if (!applicationId.success) throw errors.validation({ application_id: [fieldMessage(req.lang, applicationId.error.issues[0])] });
      const { buf } = await fileOf(body, req.lang, () => new AppError(413, 'fileTooLarge'));
      if (buf.length > MAX_IMPORT_BYTES) throw new AppError(413, 'fileTooLarge');
      return s.excel.import(actor, applicationId.data, buf);
    },
  });
