/**
 * Handlers of the upload calls (docs/design.md, "Uploads"). The caller is told apart here,
 * after the guard (rule `anyone`) has read any token: a requester sends the app_key of the
 * form being filled in, staff their token and company_id.
 */
import type { FastifyRequest } from 'fastify';
import type { UploadKind } from '@swo/contract';
import type { Services } from '../../services.ts';
import { defineHandlers } from '../../http/endpoints.ts';
import { errors } from '../../http/errors.ts';
import { requestedCompanyId } from '../../http/guard.ts';
import { fileOf, multipartFields } from '../../http/multipart.ts';
import type { Uploader } from './service.ts';

export const uploadHandlers = (s: Services) => {
  /**
   * The requester of the application whose key is sent (the key decides, even when the
   * browser also holds a staff token), else the member of the company sent.
   */
  async function uploaderOf(req: FastifyRequest, fields: ReturnType<typeof multipartFields>): Promise<Uploader> {
    const appKey = fields.app_key?.value;
    if (typeof appKey === 'string' && appKey) return s.uploads.requesterUploader(appKey, req.lang);
    const companyId = requestedCompanyId(req);
    if (req.auth && companyId) {
      if (!(await s.access.scopeFor(req.auth.userId, companyId, await s.auth.epoch()))) throw errors.notMember();
      return { companyId, userId: req.auth.userId, applicationId: null, lang: req.lang };
    }
    throw errors.notSignedIn();
  }

  // multipart/form-data: company_id or app_key, then the file (fields before the file).
  async function receive(kind: UploadKind, body: unknown, req: FastifyRequest) {
    const who = await uploaderOf(req, multipartFields(body));
    const { buf, filename } = await fileOf(body, req.lang, () => s.uploads.tooLarge(req.lang));
    return s.uploads.upload(who, kind, filename, buf);
  }

  return defineHandlers({
    uploadFile: (body, { req }) => receive('file', body, req),
    uploadImage: (body, { req }) => receive('image', body, req),
    uploadDownload: async (q, { req, reply }) => {
      let file;
      if (q.ident) {
        file = await s.uploads.open({ ident: q.ident }, q.key, q.thumb === 1);
      } else if (req.auth && q.company_id) {
        if (!(await s.access.scopeFor(req.auth.userId, q.company_id, await s.auth.epoch()))) throw errors.notMember();
        file = await s.uploads.open({ companyId: q.company_id }, q.key, q.thumb === 1);
      } else {
        throw errors.notSignedIn();
      }
      const disposition = `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`;
      return (
        reply
          .header('content-type', file.mime)
          .header('content-disposition', disposition)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // The bytes of a key never change; only this browser's user may keep them.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(file.stream)
      );
    },
  });
};
