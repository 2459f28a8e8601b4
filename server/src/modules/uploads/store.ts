/**
 * Upload files on disk (docs/design.md, "Uploads"): `UPLOAD_DIR/<first two hex>/<key>`,
 * named by random keys only, so a stored name can never be a path. Several processes or
 * machines share the directory.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A new random key: 32 lowercase hex characters. */
export const newUploadKey = () => randomBytes(16).toString('hex');

export function uploadStore(dir: string) {
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), key);
  return {
    fileOf,
    async write(key: string, data: Buffer): Promise<void> {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      // 'wx': a key is never reused; a clash fails instead of overwriting.
      await writeFile(fileOf(key), data, { flag: 'wx' });
    },
    read: (key: string) => fs.createReadStream(fileOf(key)),
    /** The file of `key`, or null when there is none. */
    async open(key: string): Promise<fs.ReadStream | null> {
      try {
        await stat(fileOf(key));
      } catch {
        return null;
      }
      return fs.createReadStream(fileOf(key));
    },
    async remove(key: string): Promise<void> {
      await rm(fileOf(key), { force: true });
    },
  };
}
export type UploadStore = ReturnType<typeof uploadStore>;
