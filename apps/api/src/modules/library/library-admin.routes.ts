import type { FastifyPluginAsync } from 'fastify';
import { LIBRARY_MAX_BYTES } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { drainOnRefusal, readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { libraryAdminService } from './library-admin.service';

/** The library's volumes for administrators: list, edit the text, replace the PDF (indexed in the background). */
export function libraryAdminRoutes(
  deps: ModuleDeps,
  onService?: (s: ReturnType<typeof libraryAdminService>) => void,
): FastifyPluginAsync {
  return async (root) => {
    // Multipart in this scope only; one byte over the limit tells the file is too large.
    await registerUploads(root, { maxFileBytes: LIBRARY_MAX_BYTES + 1, files: 1, fields: 5 });
    const app = root;
    const service = libraryAdminService({ ...deps, log: root.log });
    onService?.(service);
    await service.recoverInterrupted();

    route(app, 'GET /api/admin/library', async (req) => ({ data: await service.list(actorOf(req)) }));
    route(app, 'GET /api/admin/library/:id', async (req) => ({ data: await service.get(actorOf(req), req.params.id) }));
    route(app, 'PUT /api/admin/library/:id', async (req) => ({
      data: await service.edit(actorOf(req), req.params.id, req.body),
    }));
    route(app, 'POST /api/admin/library/:id/file', async (req) =>
      drainOnRefusal(req, async () => {
        const form = await readMultipartForm(req, 'file');
        return { data: await service.replaceFile(actorOf(req), req.params.id, form.file) };
      }),
    );
  };
}
