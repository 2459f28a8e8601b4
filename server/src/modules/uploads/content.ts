/**
 * What an uploaded file really is (docs/design.md, "Uploads"): its content is sniffed
 * (file-type reads the magic bytes) and must match the type its name declares; images
 * are JPEG, PNG, GIF or WebP only, decoded and encoded again with sharp, which drops
 * EXIF data (GPS location, camera) after turning the picture upright, and a 320 px WebP
 * thumbnail is made. Errors are AppErrors: 400 with the reason on the `file` field.
 */
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MIME_TYPES, type UploadKind } from '@swo/contract';
import { errors } from '../../http/errors.ts';
import type { Lang, MessageKey } from '../../http/messages.ts';

/** What is stored: the bytes, their type, and for an image its thumbnail. */
export interface StoredContent {
  data: Buffer;
  mime: string;
  thumb: Buffer | null;
}

/** Plain-text files have no magic bytes: these extensions are accepted when the content is text. */
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', log: 'text/plain', md: 'text/markdown' };
/** Programs are never accepted, whatever their name says. */
const REFUSED = new Set(['exe', 'elf', 'mach', 'msi', 'dmg', 'deb', 'rpm', 'apk', 'class', 'swf', 'wasm', 'dll']);
/** Names of the same type (a `.jpg` is a JPEG file-type calls `jpg`). */
const SAME: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif', htm: 'html' };
const THUMB_PX = 320;

const extOf = (name: string) => {
  const ext = path.extname(name).slice(1).toLowerCase();
  return SAME[ext] ?? ext;
};

/** A text file: valid UTF-8 without NUL bytes. */
function isText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/** Checks and prepares a file of `kind` named `name`; throws a 400 AppError when refused. */
export async function prepareContent(kind: UploadKind, name: string, buf: Buffer, lang: Lang): Promise<StoredContent> {
  const refuse = (key: MessageKey) => errors.field(lang, 'file', key);
  const found = await fileTypeFromBuffer(buf);
  if (kind === 'image') {
    if (!found || !(IMAGE_MIME_TYPES as readonly string[]).includes(found.mime)) throw refuse('uploadNotImage');
    try {
      return await reencode(buf, found.mime);
    } catch {
      throw refuse('uploadNotImage');
    }
  }
  const declared = extOf(name);
  if (!found) {
    if (!TEXT_TYPES[declared] || !isText(buf)) throw refuse('uploadTypeRefused');
    return { data: buf, mime: TEXT_TYPES[declared], thumb: null };
  }
  if (REFUSED.has(found.ext)) throw refuse('uploadTypeRefused');
  if (extOf(`x.${found.ext}`) !== declared) throw refuse('uploadTypeMismatch');
  return { data: buf, mime: found.mime, thumb: null };
}

/**
 * libvips keeps recent operations in a cache; every upload is a different image, so the
 * cache only holds memory (tens of MB per 12 MP photo) without ever being hit.
 */
sharp.cache(false);

/** Decodes and encodes the image again (throws on a broken image). */
async function reencode(buf: Buffer, mime: string): Promise<StoredContent> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to. JPEG goes
  // through libjpeg-turbo, not mozjpeg (0.25 s instead of 2.2 s for a 12 MP photo), and without
  // Huffman optimisation, which halves the encoding time for files about 5% larger (bench/forms.ts).
  const image = sharp(buf, { animated, limitInputPixels: 50_000_000 }).rotate();
  const encoded =
    mime === 'image/jpeg'
      ? image.jpeg({ quality: 85, optimiseCoding: false })
      : mime === 'image/png'
        ? image.png()
        : mime === 'image/gif'
          ? image.gif()
          : image.webp({ quality: 85 });
  // The thumbnail decodes the file on its own (JPEG shrink-on-load makes that cheap), beside
  // the full picture: the two run on libuv's threads at the same time.
  const thumb = sharp(buf, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 });
  const [data, small] = await Promise.all([encoded.toBuffer(), thumb.toBuffer()]);
  return { data, mime, thumb: small };
}

const AVATAR_PX = 256;

/**
 * An avatar (docs/design.md, "Account pages"): a JPEG, PNG, GIF or WebP picture turned
 * upright, cropped to its centre square and made a 256 px WebP without metadata (the
 * first frame of an animation). Throws 400 on the `file` field otherwise.
 */
export async function avatarImage(buf: Buffer, lang: Lang): Promise<Buffer> {
  const found = await fileTypeFromBuffer(buf);
  if (!found || !(IMAGE_MIME_TYPES as readonly string[]).includes(found.mime)) throw errors.field(lang, 'file', 'uploadNotImage');
  try {
    return await sharp(buf, { limitInputPixels: 50_000_000 }).rotate().resize(AVATAR_PX, AVATAR_PX, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw errors.field(lang, 'file', 'uploadNotImage');
  }
}
