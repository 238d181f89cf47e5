import type { FastifyPluginAsync } from 'fastify';
import { INSPECTION_PHOTO_MAX_BYTES } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { drainOnRefusal, readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { sendPdfDownload } from '../../plugins/pdf-download';
import { onsiteService } from './onsite.service';

/**
 * On-site inspections (issue 30, declared in @hpbc/shared/contract/onsite): checklists, the
 * recorded checklist, photos. Its own plugin scope, since a photo form carries two files (the
 * original and its resized copy) where the company module's result form carries one.
 */
export function onsiteRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    await registerUploads(app, { maxFileBytes: INSPECTION_PHOTO_MAX_BYTES + 1, files: 2, fields: 10 });
    const service = onsiteService(deps);

    route(app, 'GET /api/company/checklists', async (req) => ({ data: await service.checklists(actorOf(req)) }));
    route(app, 'GET /api/inspections/:id/onsite', async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { data: await service.onsite(actorOf(req), knownId(req.params.id, 'inspection_not_found')) };
    });
    route(app, 'PATCH /api/inspections/:id/checklist', async (req) => ({
      data: await service.recordChecklist(actorOf(req), knownId(req.params.id, 'inspection_not_found'), req.body),
    }));
    route(app, 'POST /api/inspections/:id/photos', async (req, reply) =>
      drainOnRefusal(req, async () => {
        const id = knownId(req.params.id, 'inspection_not_found');
        const actor = actorOf(req);
        await service.mayAddPhoto(actor, id); // before a byte of the upload is read
        const form = await readMultipartForm(req, 'photo');
        const photo = await service.addPhoto(actor, id, form);
        reply.code(201);
        return { data: photo };
      }),
    );
    route(app, 'GET /api/inspections/:id/onsite-report', async (req, reply) => {
      const id = knownId(req.params.id, 'inspection_not_found');
      const { name, bytes } = await service.reportPdf(actorOf(req), id, req.locale);
      return sendPdfDownload(reply, bytes, name, 'made');
    });
    for (const original of [false, true]) {
      const key = original ? 'GET /api/inspection-photos/:id/original' : 'GET /api/inspection-photos/:id';
      route(app, key, async (req, reply) => {
        const { type, bytes } = await service.photo(
          actorOf(req),
          knownId(req.params.id, 'inspection_photo_not_found'),
          original,
        );
        return reply
          .header('Content-Type', type)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      });
    }
  };
}
