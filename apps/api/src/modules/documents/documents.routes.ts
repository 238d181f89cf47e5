import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { documentsService, type DocumentFile } from './documents.service';
import { uploadsRoutes } from './uploads.routes';

const registrationOf = (id: number | null) => knownId(id, 'registration_not_found');
const documentOf = (id: number | null) => knownId(id, 'document_not_found');

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
    const app = root;
    const service = documentsService(deps);

    route(app, 'POST /api/registrations/:id/documents', async (req) => ({
      data: await service.create(actorOf(req), registrationOf(req.params.id), req.body),
    }));

    route(app, 'GET /api/registrations/:id/documents', async (req) => ({
      data: await service.list(actorOf(req), registrationOf(req.params.id)),
    }));

    route(app, 'GET /api/registrations/:id/documents/approved.zip', async (req, reply) => {
      const set = await service.approvedSet(actorOf(req), registrationOf(req.params.id));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${set.reference}-approved.zip"`)
        .send(zipOf(set.files));
    });

    route(app, 'GET /api/documents/:id/file', async (req, reply) =>
      sendFile(req, reply, await service.file(actorOf(req), documentOf(req.params.id)), 'inline'),
    );

    route(app, 'GET /api/documents/:id/approved', async (req, reply) =>
      sendFile(req, reply, await service.approved(actorOf(req), documentOf(req.params.id)), 'inline'),
    );

    route(app, 'DELETE /api/documents/:id', async (req, reply) => {
      await service.remove(actorOf(req), documentOf(req.params.id));
      return reply.status(204).send();
    });
  };
}
