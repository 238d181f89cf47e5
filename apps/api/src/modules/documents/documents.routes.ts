import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Zip, ZipPassThrough } from 'fflate';
import { idParamsSchema, messageCode } from '@hpbc/shared';
import { documentCreateSchema } from '@hpbc/shared/design-documents';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { actorOf, requireVerified } from '../../plugins/auth';
import { documentsService, type DocumentFile } from './documents.service';
import { uploadsRoutes } from './uploads.routes';

const registrationOf = (id: number | null) => {
  if (id === null) throw notFound(messageCode('registration_not_found'));
  return id;
};
const documentOf = (id: number | null) => {
  if (id === null) throw notFound(messageCode('document_not_found'));
  return id;
};

/** One byte range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; null for none, 'invalid' when it cannot be served. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges (a comma) are answered whole, as RFC 9110 allows.
  if (!m) return header.includes(',') ? null : 'invalid';
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Sends a stored PDF, whole or one range (206), streamed from the store. */
function sendFile(req: FastifyRequest, reply: FastifyReply, file: DocumentFile, disposition: 'inline' | 'attachment') {
  const range = parseRange(req.headers.range, file.size);
  reply
    .header('Content-Type', 'application/pdf')
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `${disposition}; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`);
  if (range === 'invalid') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${file.size}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send({ message: 'Range Not Satisfiable' });
  }
  if (range === null) return reply.header('Content-Length', file.size).send(file.read());
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(file.read(range.start, range.end));
}

/** The approved set as one zip (stored, not compressed: PDFs are compressed already), written as it is read. */
function zipOf(files: DocumentFile[]): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  void (async () => {
    for (const f of files) {
      const entry = new ZipPassThrough(f.fileName);
      zip.add(entry);
      for await (const piece of f.read()) {
        entry.push(piece as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Design documents (docs/api.md "Design documents, construction and transparency"): uploads, documents, approved copies. */
export function documentsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (root) => {
    await root.register(uploadsRoutes(deps));
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = documentsService(deps);
    const params = idParamsSchema;

    app.post(
      '/api/registrations/:id/documents',
      { onRequest: requireVerified, schema: { params, body: documentCreateSchema } },
      async (req, reply) =>
        reply.status(201).send({ data: await service.create(actorOf(req), registrationOf(req.params.id), req.body) }),
    );

    app.get('/api/registrations/:id/documents', { onRequest: requireVerified, schema: { params } }, async (req) => ({
      data: await service.list(actorOf(req), registrationOf(req.params.id)),
    }));

    app.get(
      '/api/registrations/:id/documents/approved.zip',
      { onRequest: requireVerified, schema: { params } },
      async (req, reply) => {
        const set = await service.approvedSet(actorOf(req), registrationOf(req.params.id));
        return reply
          .header('Content-Type', 'application/zip')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="${set.reference}-approved.zip"`)
          .send(zipOf(set.files));
      },
    );

    app.get('/api/documents/:id/file', { onRequest: requireVerified, schema: { params } }, async (req, reply) =>
      sendFile(req, reply, await service.file(actorOf(req), documentOf(req.params.id)), 'inline'),
    );

    app.get('/api/documents/:id/approved', { onRequest: requireVerified, schema: { params } }, async (req, reply) =>
      sendFile(req, reply, await service.approved(actorOf(req), documentOf(req.params.id)), 'inline'),
    );

    app.delete('/api/documents/:id', { onRequest: requireVerified, schema: { params } }, async (req, reply) => {
      await service.remove(actorOf(req), documentOf(req.params.id));
      return reply.status(204).send();
    });
  };
}
