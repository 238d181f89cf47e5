import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIBRARY_MAX_BYTES, idParamsSchema, libraryDocumentEditSchema } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { libraryAdminService } from './library-admin.service';

/** The library's volumes for administrators: list, edit the text, replace the PDF (indexed in the background). */
export function libraryAdminRoutes(
  deps: ModuleDeps,
  onService?: (s: ReturnType<typeof libraryAdminService>) => void,
): FastifyPluginAsync {
  return async (root) => {
    // Multipart in this scope only; one byte over the limit tells the file is too large.
    await registerUploads(root, { maxFileBytes: LIBRARY_MAX_BYTES + 1, files: 1, fields: 5 });
    const app = root.withTypeProvider<ZodTypeProvider>();
    const service = libraryAdminService({ ...deps, log: root.log });
    onService?.(service);
    await service.recoverInterrupted();

    app.get('/api/admin/library', { onRequest: requireAdmin }, async (req) => ({
      data: await service.list(actorOf(req)),
    }));
    app.get('/api/admin/library/:id', { onRequest: requireAdmin, schema: { params: idParamsSchema } }, async (req) => ({
      data: await service.get(actorOf(req), req.params.id),
    }));
    app.put(
      '/api/admin/library/:id',
      { onRequest: requireAdmin, schema: { params: idParamsSchema, body: libraryDocumentEditSchema } },
      async (req) => ({ data: await service.edit(actorOf(req), req.params.id, req.body) }),
    );
    app.post(
      '/api/admin/library/:id/file',
      { onRequest: requireAdmin, schema: { params: idParamsSchema } },
      async (req, reply) => {
        try {
          const form = await readMultipartForm(req, 'file');
          const data = await service.replaceFile(actorOf(req), req.params.id, form.file);
          return reply.status(202).send({ data });
        } catch (err) {
          if (!req.raw.readableEnded) req.raw.resume();
          throw err;
        }
      },
    );
  };
}
