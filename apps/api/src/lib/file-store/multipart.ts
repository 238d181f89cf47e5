import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messageCode } from '@hpbc/shared';
import { HttpError } from '../http-errors';

/** The one file of an upload form as read: its bytes, or why there are none. */
export type UploadedFile = { filename: string; bytes: Buffer } | { tooLarge: true } | { tooMany: true };

export interface MultipartForm {
  /** Text fields as sent (first value of each name). */
  fields: Record<string, string>;
  file?: UploadedFile;
  /** Every file part by field name (a form with two files, e.g. a photo and its resized copy). */
  files: Record<string, UploadedFile>;
}

/**
 * Accepts multipart bodies in this plugin's scope only (every other endpoint keeps
 * refusing them), with limits that keep a hostile body small and its failures clean.
 */
export async function registerUploads(
  app: FastifyInstance,
  opts: { maxFileBytes: number; files: number; fields: number },
): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      // One byte past the limit is enough to know the file is too large; busboy discards the rest.
      fileSize: opts.maxFileBytes,
      files: opts.files,
      fields: opts.fields,
      parts: opts.fields + opts.files + 1,
      fieldNameSize: 100,
      fieldSize: 64 * 1024,
      headerPairs: 50,
    },
  });
}

const formError = (status: number, message: string) => new HttpError(status, message, { status: 'error' });

/** Forms already read: a body can be read once, and an idempotent route reads it before its handler (plugins/route.ts). */
const formsRead = new WeakMap<FastifyRequest, Promise<MultipartForm>>();

/**
 * Reads a multipart body: its text fields and the file sent as `fileField` (other files are
 * read and dropped). A second call for the same request gets the same form.
 */
export function readMultipartForm(req: FastifyRequest, fileField: string): Promise<MultipartForm> {
  let form = formsRead.get(req);
  if (!form) {
    form = readForm(req, fileField);
    formsRead.set(req, form);
  }
  return form;
}

/**
 * Runs the work of an upload route. A refusal can come before the upload has been read (a bad
 * CSRF token, a permission check, a broken part): the rest is read and dropped, so the browser
 * gets the answer instead of a connection reset.
 */
export async function drainOnRefusal<T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!req.raw.readableEnded) req.raw.resume();
    throw err;
  }
}

async function readForm(req: FastifyRequest, fileField: string): Promise<MultipartForm> {
  if (!req.isMultipart()) {
    throw formError(415, messageCode('multipart_required'));
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        // The first value wins; a repeated name cannot replace what was validated in the browser.
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const read: UploadedFile = part.file.truncated
        ? { tooLarge: true }
        : { filename: part.filename, bytes: Buffer.concat(chunks) };
      if (!(part.fieldname in files)) files[part.fieldname] = read;
      if (part.fieldname === fileField) file = read;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') return { fields, file: { tooMany: true }, files };
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw formError(413, messageCode('too_many_fields'));
    }
    throw formError(400, messageCode('form_unreadable'));
  }
  return { fields, file, files };
}
