import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { HttpError } from './errors.ts';
import { REQUEST_TEXTS, UPLOAD_TEXTS } from '@rpg/game';

/** DECISIONS §3: uploads are at most 2 MiB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Decompression bombs: an image of more pixels than this is refused before it is decoded (24 MP, e.g. 6000 x 4000). */
export const MAX_IMAGE_PIXELS = 24_000_000;

export type ImageExtension = 'png' | 'jpg' | 'webp' | 'gif';

/**
 * What an upload is for, and the size it is stored at: every upload is decoded and re-encoded as
 * WebP within these bounds (never enlarged, proportions kept), without its metadata.
 */
export const IMAGE_KINDS = {
  avatar: { width: 512, height: 512 },
  banner: { width: 1920, height: 1080 },
  post: { width: 1600, height: 1600 },
  'character-avatar': { width: 512, height: 512 },
  'character-background': { width: 1920, height: 1080 },
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'uploads');

export const UPLOADS_PREFIX = '/uploads/';
/** A profile image's URL ('/uploads/<path>') as the stored path relative to the uploads folder; null for anything else. */
export const relativeUpload = (url: string | null) => (url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null);

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** DECISIONS §3: the image type read from the file's first bytes, never from its name or declared type. */
export function sniffImage(bytes: Buffer): ImageExtension | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

const uploadInvalid = (message: string = UPLOAD_TEXTS.invalid) => new HttpError(400, 'upload_invalid', message);

/** A failure while the multipart body is read (busboy's or the plugin's), as a 400 that repeats nothing sent. */
function multipartRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'image_too_large', UPLOAD_TEXTS.tooLarge);
  if (code === 'FST_FILES_LIMIT') return uploadInvalid(UPLOAD_TEXTS.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') return uploadInvalid();
  // A body cut before its closing boundary, a missing or broken boundary, a closed request.
  return uploadInvalid(UPLOAD_TEXTS.unreadable);
}

/**
 * Reads the one file of a multipart request (field 'file') and checks it is an image of at
 * most 2 MiB by its bytes. The body must hold that file and nothing else: another file or any
 * field is refused. @fastify/multipart's limit stops reading past 2 MiB. Every malformed body
 * is a 400 with a fixed text.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw uploadInvalid();
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') throw uploadInvalid();
      if (bytes) throw uploadInvalid(UPLOAD_TEXTS.oneFile);
      bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'image_too_large', UPLOAD_TEXTS.tooLarge);
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  if (!bytes) throw uploadInvalid();
  if (bytes.length === 0) throw uploadInvalid(UPLOAD_TEXTS.emptyFile);
  if (!sniffImage(bytes)) throw new HttpError(400, 'image_type_invalid', UPLOAD_TEXTS.imagesOnly);
  return bytes;
}

const DECODABLE = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * Decodes the image with sharp and stores it again as WebP: turned upright by its EXIF
 * orientation, shrunk into the kind's bounds, its metadata (EXIF, GPS, ICC, XMP) left behind.
 * An animated GIF or WebP keeps its first frame only (docs/security.md). Refuses what sharp
 * cannot decode in full (a damaged or cut image) and images of more than MAX_IMAGE_PIXELS.
 */
export async function reencodeImage(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  const { width, height } = IMAGE_KINDS[kind];
  // 'truncated': an image cut short is refused; a harmless warning (stray bytes after its end) is not.
  const input = (limitInputPixels: number | false) => sharp(bytes, { limitInputPixels, failOn: 'truncated', pages: 1 });
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header only (no pixel is decoded), to tell a too large image from a damaged one.
    const metadata = await input(false).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new HttpError(400, 'image_damaged', UPLOAD_TEXTS.damaged);
  }
  if (!format || !DECODABLE.has(format)) throw new HttpError(400, 'image_type_invalid', UPLOAD_TEXTS.imagesOnly);
  if (pixels > MAX_IMAGE_PIXELS) throw new HttpError(413, 'image_too_large', UPLOAD_TEXTS.tooManyPixels);
  try {
    return await input(MAX_IMAGE_PIXELS).rotate().resize({ width, height, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new HttpError(400, 'image_damaged', UPLOAD_TEXTS.damaged);
  }
}

/** An upload of `kind`, read, checked and re-encoded: the bytes to store, always WebP. */
export async function readImage(request: FastifyRequest, kind: ImageKind): Promise<{ bytes: Buffer; extension: 'webp' }> {
  const bytes = await reencodeImage(await readImageUpload(request), kind);
  return { bytes, extension: 'webp' };
}

/** Stores the bytes under DATA_DIR/uploads/<folder>/<random>.<ext>; returns the path relative to the uploads folder. */
export async function saveUpload(dataDir: string, folder: string, bytes: Buffer, extension: ImageExtension): Promise<string> {
  const relative = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  await mkdir(path.join(uploadsRoot(dataDir), folder), { recursive: true });
  await writeFile(path.join(uploadsRoot(dataDir), relative), bytes, { flag: 'wx' });
  return relative;
}

/**
 * Removes a stored upload, best effort: a file already gone is fine, a failure is logged
 * (the database change it follows is committed). Paths outside the uploads folder are ignored.
 */
export async function removeUpload(dataDir: string, relative: string | null | undefined, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
  if (!relative) return;
  const root = uploadsRoot(dataDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return;
  await rm(file, { force: true }).catch((error: unknown) => log.error({ err: error, file }, 'removing an upload failed'));
}

/** Who may fetch a stored file: everyone (cached for good), its uploader only (not cached by shared caches), or nobody (404). */
export type UploadVisibility = 'public' | 'private' | 'hidden';

/**
 * Serves DATA_DIR/uploads at /uploads/. Every file has a unique name, so it may be cached
 * for good. A missing file is a plain 404 (never the web app's index.html). `visibility` decides
 * per file (a pending post image is its uploader's only); a path spelled with '%' (encoded
 * twice) or outside the folder is never looked up, so it cannot slip past that check.
 */
export async function serveUploads(
  app: FastifyInstance,
  dataDir: string,
  visibility: (relative: string, request: FastifyRequest) => Promise<UploadVisibility>,
): Promise<void> {
  const root = uploadsRoot(dataDir);
  await mkdir(root, { recursive: true });
  const privateRequests = new WeakSet<FastifyRequest>();
  await app.register(
    async (scope) => {
      const notFound = { error: 'not_found', message: REQUEST_TEXTS.notFound };
      scope.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound));
      scope.addHook('onRequest', async (request, reply) => {
        const wildcard = (request.params as { '*'?: string })['*'] ?? '';
        const relative = path.posix.normalize(wildcard).replace(/^\/+/, '');
        if (wildcard.includes('%') || relative.startsWith('..')) return reply.status(404).send(notFound);
        const seen = await visibility(relative, request);
        if (seen === 'hidden') return reply.status(404).send(notFound);
        if (seen === 'private') privateRequests.add(request);
      });
      scope.addHook('onSend', async (request, reply, payload) => {
        if (privateRequests.has(request)) reply.header('cache-control', 'private, no-store');
        return payload;
      });
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // 'public, max-age=31536000, immutable'
        maxAge: 31_536_000_000,
        immutable: true,
        setHeaders(reply) {
          reply.header('x-content-type-options', 'nosniff');
        },
      });
    },
    { prefix: '/uploads' },
  );
}
