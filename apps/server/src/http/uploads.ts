import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** DECISIONS §3: uploads are at most 2 MiB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGES_ONLY_MESSAGE = 'Images only: PNG, JPEG, WebP or GIF.';
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is larger than 2 MB.';

export type ImageExtension = 'png' | 'jpg' | 'webp' | 'gif';

export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'uploads');

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

/**
 * Reads the one file of a multipart request (field 'file') and checks it is an
 * image of at most 2 MiB. @fastify/multipart's limit stops reading past 2 MiB.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ bytes: Buffer; extension: ImageExtension }> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'upload_invalid', 'Send the image as multipart/form-data in a field named "file".');
  }
  const part = await request.file({ throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') {
    throw new HttpError(400, 'upload_invalid', 'Send the image as multipart/form-data in a field named "file".');
  }
  const bytes = await part.toBuffer();
  if (part.file.truncated || bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'image_too_large', IMAGE_TOO_LARGE_MESSAGE);
  const extension = sniffImage(bytes);
  if (!extension) throw new HttpError(400, 'image_type_invalid', IMAGES_ONLY_MESSAGE);
  return { bytes, extension };
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

/**
 * Serves DATA_DIR/uploads at /uploads/. Every file has a unique name, so it may be cached
 * for good. A missing file is a plain 404 (never the web app's index.html).
 */
export async function serveUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = uploadsRoot(dataDir);
  await mkdir(root, { recursive: true });
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'not_found', message: 'Not found' }));
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
