/**
 * Uploads of form fields (docs/design.md, "Uploads"): store a checked file for staff of a
 * company or for a requester filling in an application's form; give it back to staff of
 * the company or to the requester whose order holds it; attach uploads to the order a form
 * is saved with; purge uploads never attached after a day.
 */
import type { Kysely } from 'kysely';
import type { ApplicationId, CompanyId, UploadKind, UploadReply, UserId } from '@swo/contract';
import { uploadUrl } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../http/errors.ts';
import type { Lang } from '../../http/messages.ts';
import { addMs, DAY } from '../../lib/time.ts';
import { findActiveByKey } from '../applications/repo.ts';
import { findRequester } from '../requester/repo.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { prepareContent } from './content.ts';
import { findRequesterUpload, purgeUnattached, type UploadRow } from './repo.ts';
import { newUploadKey, uploadStore } from './store.ts';

/** Who uploads: a member of the company, or a requester of one of its applications. */
export interface Uploader {
  companyId: CompanyId;
  userId: UserId | null;
  applicationId: ApplicationId | null;
  lang: Lang;
}

/** Who downloads: staff of a company, or a requester (by the identification of their orders). */
export type Downloader = { companyId: CompanyId } | { ident: string };

export interface UploadOptions {
  dir: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
}

/** A file to send back: where it is and how to present it. */
export interface UploadFile {
  stream: NodeJS.ReadableStream;
  mime: string;
  name: string;
  /** Images show inline; every other file downloads as an attachment. */
  inline: boolean;
}

const present = (u: Pick<UploadRow, 'file_key' | 'thumb_key' | 'name' | 'size' | 'mime'>): UploadReply => ({
  fileId: u.file_key,
  url: uploadUrl(u.file_key),
  thumbUrl: u.thumb_key ? uploadUrl(u.file_key, true) : null,
  name: u.name,
  size: u.size,
  mime: u.mime,
});

/** A file name safe to store and show: no path, no control characters, at most 255 characters. */
const cleanName = (name: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(-255) || 'file';

export function createUploadService(db: Kysely<DB>, opts: UploadOptions) {
  const store = uploadStore(opts.dir);
  /** 413 for a file past the upload limit, said in MB (uploads and avatars share it). */
  const tooLarge = (lang: Lang) => errors.tooLarge(lang, Math.round(opts.maxBytes / 1024 / 1024));
  return {
    maxBytes: opts.maxBytes,
    tooLarge,

    /** The uploader filling in the form of the active application `appKey`; 404 otherwise. */
    async requesterUploader(appKey: string, lang: Lang): Promise<Uploader> {
      const app = await findActiveByKey(db, appKey);
      if (!app) throw errors.notFound('appNotFound');
      return { companyId: app.company_id, userId: null, applicationId: app.id, lang };
    },

    /**
     * Checks and stores one file. Errors: 413 beyond the limit, 400 (field `file`) when its
     * content is refused (prepareContent).
     */
    async upload(who: Uploader, kind: UploadKind, name: string, buf: Buffer): Promise<UploadReply> {
      if (buf.length > opts.maxBytes) throw tooLarge(who.lang);
      const content = await prepareContent(kind, name, buf, who.lang);
      const key = newUploadKey();
      const thumbKey = content.thumb ? newUploadKey() : null;
      await store.write(key, content.data);
      if (thumbKey && content.thumb) await store.write(thumbKey, content.thumb);
      const row = {
        user_id: who.userId,
        application_id: who.applicationId,
        file_key: key,
        kind,
        thumb_key: thumbKey,
        name: cleanName(name),
        mime: content.mime,
        size: content.data.length,
        created_at: new Date().toISOString(),
      };
      try {
        await forCompany(db, who.companyId).uploads.insertUpload(row);
      } catch (e) {
        await Promise.all([store.remove(key), thumbKey ? store.remove(thumbKey) : null]);
        throw e;
      }
      return present(row);
    },

    /** The file (or thumbnail) of `key` for `who`; 404 when it is not theirs or has no thumbnail. */
    async open(who: Downloader, key: string, thumb: boolean): Promise<UploadFile> {
      let row: UploadRow | undefined;
      if ('companyId' in who) row = await forCompany(db, who.companyId).uploads.findUpload(key);
      else {
        const requester = await findRequester(db, who.ident);
        row = requester ? await findRequesterUpload(db, requester.id, key) : undefined;
      }
      if (!row || (thumb && !row.thumb_key)) throw errors.notFound();
      const stored = thumb ? row.thumb_key! : row.file_key;
      return { stream: store.read(stored), mime: thumb ? 'image/webp' : row.mime, name: row.name, inline: row.kind === 'image' };
    },

    /** Deletes uploads never attached to an order within a day (rows and files); returns how many. */
    async purge(at: string = new Date().toISOString()): Promise<number> {
      const gone = await purgeUnattached(db, addMs(at, -DAY));
      for (const u of gone) await Promise.all([store.remove(u.file_key), u.thumb_key ? store.remove(u.thumb_key) : null]);
      return gone.length;
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
