import type { FastifyPluginAsync } from 'fastify';
import { CONCERN_PHOTO_MAX_BYTES } from '@hpbc/shared/concerns';
import type { ModuleDeps } from '../../module-deps';
import { knownId } from '../../lib/http-errors';
import { drainOnRefusal, readMultipartForm, registerUploads } from '../../lib/file-store/multipart';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { referencePdfName, sendPdfDownload } from '../../plugins/pdf-download';
import { concernsService } from './concerns.service';

const RECEIVED = {
  en: 'Thank you. The committee has received your concern and will answer it.',
  my: 'ကျေးဇူးတင်ပါသည်။ ကော်မတီသည် သင်၏ စိုးရိမ်ချက်ကို လက်ခံရရှိပြီး ဖြေကြားပါမည်။',
} as const;

/** The site signboard and the public's concerns (declared in @hpbc/shared/contract/concerns). */
export function concernsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    // Multipart only in this module's scope (a concern's photo). One byte past the limit tells a too large photo.
    await registerUploads(app, { maxFileBytes: CONCERN_PHOTO_MAX_BYTES + 1, files: 1, fields: 5 });
    const service = concernsService(deps);

    route(app, 'GET /api/registrations/:id/signboard.pdf', async (req, reply) => {
      const id = knownId(req.params.id, 'registration_not_found');
      const { pdf, reference } = await service.signboard(actorOf(req), id);
      return sendPdfDownload(reply, pdf, referencePdfName('signboard', reference), 'made');
    });

    route(app, 'GET /api/verify/:reference/concerns', async (req) => ({
      data: await service.published(req.params.reference),
    }));

    route(app, 'POST /api/verify/:reference/concerns', async (req, reply) =>
      drainOnRefusal(req, async () => {
        deps.csrf.verify(req);
        await service.mayRaise(req.params.reference); // before a byte of a photo is read
        // The form sends multipart (with or without a photo); a JSON body without one is read as before.
        const form = req.isMultipart()
          ? await readMultipartForm(req, 'photo').then((f) => ({ fields: f.fields, photo: f.file }))
          : { fields: req.body };
        const created = await service.raise(req.params.reference, form, req.locale);
        return reply.status(201).send({
          data: { id: created.id, received_at: created.receivedAt.toISOString(), message: RECEIVED[req.locale] },
        });
      }),
    );

    route(app, 'GET /api/admin/concerns', async (req) =>
      service.queue(actorOf(req), req.query.page ?? 1, req.query.open === '1'),
    );

    route(app, 'GET /api/admin/concerns/:id/photo', async (req, reply) => {
      const id = knownId(req.params.id, 'concern_not_found');
      const { type, bytes } = await service.photo(actorOf(req), id);
      return reply
        .header('Content-Type', type)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename="concern-${id}${type === 'image/png' ? '.png' : '.jpg'}"`)
        .send(bytes);
    });

    route(app, 'POST /api/admin/concerns/:id/answer', async (req) => ({
      data: await service.answer(actorOf(req), knownId(req.params.id, 'concern_not_found'), req.body),
    }));
  };
}
